import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isOneOf } from '../../db/one-of';
import { clients, portals, webhookEndpoints } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-worker';
import type { ClientEventSubscriber, RecordedClientEvent } from '../client-events/client-event-log';
import { enqueueWebhooks, type EndpointTarget, type WebhookMessage } from './enqueue-webhooks';

type ClientSnapshot = { id: string; name: string; email: string; status: string; queuePosition: number | null; estimatedCompletion: string | null };

/** The enabled endpoints of the businesses owning these portals, with each portal's business. */
async function endpointsOfPortals(q: Db | Tx, portalIds: string[]) {
  return q
    .select({ portalId: portals.id, businessId: portals.businessId, id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .innerJoin(portals, eq(portals.businessId, webhookEndpoints.businessId))
    .where(and(inArray(portals.id, portalIds), eq(webhookEndpoints.enabled, true)));
}

/** The clients the events are about, as they are in the change's transaction (null once purged). */
async function snapshots(q: Db | Tx, events: readonly RecordedClientEvent[]): Promise<Map<string, ClientSnapshot>> {
  const byPortal = new Map<string, Set<string>>();
  for (const e of events) (byPortal.get(e.portalId) ?? byPortal.set(e.portalId, new Set()).get(e.portalId)!).add(e.clientId);
  const out = new Map<string, ClientSnapshot>();
  for (const [portalId, ids] of byPortal) {
    // The ids as one array parameter: a list of a thousand parameters cost the embedded database several times this.
    const rows = await q
      .select({ id: clients.clientId, name: clients.name, email: clients.email, status: clients.status, queuePosition: clients.queuePosition, estimatedCompletion: clients.estimatedCompletion })
      .from(clients)
      .where(and(eq(clients.portalId, portalId), isOneOf(clients.clientId, [...ids])));
    for (const r of rows) out.set(`${portalId}\u0000${r.id}`, r);
  }
  return out;
}

/**
 * The webhooks subscriber of the client event log (`ctx.clientEvents.subscribe('webhooks', ...)`): in the change's
 * transaction, each event of a portal whose business has an endpoint asking for it becomes a delivery and a job.
 * Costs one query when no endpoint wants the events (the common case).
 */
export function clientEventWebhooks(deps: { jobs: JobQueue; clock: { now(): Date } }): ClientEventSubscriber {
  return async (q, events) => {
    const targets = await endpointsOfPortals(q, [...new Set(events.map((e) => e.portalId))]);
    const wanted = events.filter((e) => targets.some((t) => t.portalId === e.portalId && t.events.includes(e.type)));
    if (wanted.length === 0) return;
    const businessOf = new Map(targets.map((t) => [t.portalId, t.businessId]));
    const endpoints = new Map<string, EndpointTarget>(targets.map((t) => [t.id, { id: t.id, businessId: t.businessId, events: t.events }]));
    const clientsNow = await snapshots(q, wanted);
    const list: WebhookMessage[] = wanted.map((e) => ({
      businessId: businessOf.get(e.portalId)!,
      type: e.type,
      data: {
        eventId: String(e.id),
        occurredAt: e.occurredAt.toISOString(),
        portalId: e.portalId,
        clientId: e.clientId,
        client: clientsNow.get(`${e.portalId}\u0000${e.clientId}`) ?? null,
        changedBy: e.actor.kind,
        ...e.data,
      },
    }));
    await enqueueWebhooks(deps, q, list, { endpoints: [...endpoints.values()] });
  };
}
