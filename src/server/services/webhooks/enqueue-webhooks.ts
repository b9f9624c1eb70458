import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-worker';
import type { NewJob } from '../job-queue/job-types';
import { randomBase62 } from '../api-keys/key-secrets';
import { WEBHOOK_MAX_ATTEMPTS } from '@core/webhooks';

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';

/** One event for the webhooks of a business: its type and the `data` of the Standard Webhooks payload. */
export interface WebhookMessage {
  businessId: string;
  type: string;
  data: Record<string, unknown>;
}

/** An enabled endpoint, as the fan-out needs it. */
export interface EndpointTarget {
  id: string;
  businessId: string;
  events: string[];
}

/** Rows per insert: 9 values a row stays far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;

/**
 * The job that runs an endpoint's due deliveries (at `runAt`, default now). `key` names what it follows, unique per
 * cause: `opened:<first delivery id>` (a change's deliveries, so it can never be taken for a job that already ran),
 * `resend:<delivery id>:<attempts>`, or `due:<time>` (the run's own wake-up for a retry: one per endpoint and time).
 */
export function endpointDeliveriesJob(endpointId: string, key: string, runAt?: Date): NewJob {
  return { kind: WEBHOOK_DELIVER_JOB, payload: { endpointId }, dedupeKey: `${endpointId}:${key}`, ...(runAt ? { runAt } : {}) };
}

/** The payload as sent: `{ type, timestamp, data }` (the Standard Webhooks shape). */
export function webhookBody(type: string, at: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/** The enabled endpoints of these businesses. */
export async function enabledEndpoints(q: Db | Tx, businessIds: readonly string[]): Promise<EndpointTarget[]> {
  if (businessIds.length === 0) return [];
  return q
    .select({ id: webhookEndpoints.id, businessId: webhookEndpoints.businessId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.businessId, [...new Set(businessIds)]), eq(webhookEndpoints.enabled, true)));
}

/**
 * Writes one delivery per message and endpoint that asked for its type, and one job per endpoint, in `q`: the change's
 * own transaction, so webhooks go out if and only if the change committed (the transactional outbox). Returns the
 * delivery ids. `endpoints`: given when the caller has them already; `test`: a test event sent whatever the
 * endpoint subscribed to.
 */
export async function enqueueWebhooks(
  deps: { jobs: JobQueue; clock: { now(): Date } },
  q: Db | Tx,
  list: readonly WebhookMessage[],
  options: { endpoints?: readonly EndpointTarget[]; test?: boolean } = {},
): Promise<string[]> {
  if (list.length === 0) return [];
  const endpoints = options.endpoints ?? (await enabledEndpoints(q, list.map((m) => m.businessId)));
  if (endpoints.length === 0) return [];
  const now = deps.clock.now();
  const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
  for (const message of list) {
    let body: string | undefined;
    for (const endpoint of endpoints) {
      if (endpoint.businessId !== message.businessId || (!options.test && !endpoint.events.includes(message.type))) continue;
      body ??= webhookBody(message.type, now, message.data);
      rows.push({
        id: `msg_${randomBase62(22)}`,
        endpointId: endpoint.id,
        eventType: message.type,
        body,
        test: options.test ?? false,
        maxAttempts: WEBHOOK_MAX_ATTEMPTS,
        nextAttemptAt: now,
        createdAt: now,
      });
    }
  }
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await q.insert(webhookDeliveries).values(rows.slice(i, i + INSERT_CHUNK));
  // One job per endpoint, whatever the number of its deliveries: its run claims them in rounds.
  const firstOfEndpoint = new Map<string, string>();
  for (const r of rows) if (!firstOfEndpoint.has(r.endpointId)) firstOfEndpoint.set(r.endpointId, r.id);
  await deps.jobs.enqueue(q, [...firstOfEndpoint].map(([endpointId, deliveryId]) => endpointDeliveriesJob(endpointId, `opened:${deliveryId}`)));
  if (rows.length > 0) deps.jobs.poke();
  return rows.map((r) => r.id);
}
