import { and, asc, eq, gt } from 'drizzle-orm';
import type { ClientEventPage, ClientEventView } from '@core/api/client-events';
import { CLIENT_EVENT_RETENTION_DAYS } from '@core/client-events';
import type { Db } from '../../db/client';
import { clientEvents } from '../../db/schema';
import { getPortalRow } from '../portals/get-portal';

const changedByOf = (actor: string) => actor.slice(0, actor.indexOf(':')) as ClientEventView['changedBy'];

/**
 * One page of a portal's client events in the order they happened (by id), after `after`. Business-scoped: another
 * business's portal is not found (404).
 */
export async function listClientEvents(db: Db, businessId: string, portalId: string, page: { after: number; limit: number }): Promise<ClientEventPage> {
  const portal = await getPortalRow(db, businessId, portalId);
  const rows = await db
    .select()
    .from(clientEvents)
    .where(and(eq(clientEvents.portalId, portal.id), gt(clientEvents.id, page.after)))
    .orderBy(asc(clientEvents.id))
    .limit(page.limit + 1);
  const events = rows.slice(0, page.limit).map(
    (r): ClientEventView => ({
      id: r.id,
      type: r.type,
      portalId: r.portalId,
      clientId: r.clientId,
      occurredAt: r.occurredAt.toISOString(),
      changedBy: changedByOf(r.actor),
      actor: r.actor,
      syncRunId: r.syncRunId,
      data: r.data,
    }),
  );
  return { events, nextAfter: rows.length > page.limit ? events.at(-1)!.id : null, retentionDays: CLIENT_EVENT_RETENTION_DAYS };
}
