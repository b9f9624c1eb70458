import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, clientUpdates } from '../../db/schema';
import { getBusinessClient } from '../client-access/business-client';
import { getPortalRow } from '../portals/get-portal';

export interface ClientUpdateView {
  id: string;
  clientId: string;
  clientName: string;
  message: string;
  /** How the client proved who they were: 'link' or 'code'. */
  via: 'link' | 'code';
  createdAt: string;
  readAt: string | null;
}

const MAX_LISTED = 200;

const view = (r: { id: string; clientId: string; clientName: string | null; message: string; via: 'link' | 'code'; createdAt: Date; readAt: Date | null }): ClientUpdateView => ({
  id: r.id,
  clientId: r.clientId,
  clientName: r.clientName ?? '',
  message: r.message,
  via: r.via,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});

const columns = {
  id: clientUpdates.id,
  clientId: clientUpdates.clientId,
  clientName: clients.name,
  message: clientUpdates.message,
  via: clientUpdates.via,
  createdAt: clientUpdates.createdAt,
  readAt: clientUpdates.readAt,
};

/** A client's updates, newest first, with the number unread. Scoped to the business of the session. */
export async function listClientUpdates(db: Db, businessId: string, portalId: string, clientId: string) {
  await getBusinessClient(db, businessId, portalId, clientId);
  const where = and(eq(clientUpdates.businessId, businessId), eq(clientUpdates.portalId, portalId), eq(clientUpdates.clientId, clientId));
  const rows = await db
    .select(columns)
    .from(clientUpdates)
    .leftJoin(clients, and(eq(clients.portalId, clientUpdates.portalId), eq(clients.clientId, clientUpdates.clientId)))
    .where(where)
    .orderBy(desc(clientUpdates.createdAt))
    .limit(MAX_LISTED);
  const [unread] = await db.select({ n: count() }).from(clientUpdates).where(and(where, isNull(clientUpdates.readAt)));
  return { updates: rows.map(view), unread: unread?.n ?? 0 };
}

/** The portal's latest updates from all its clients, newest first, with the number unread. */
export async function listPortalUpdates(db: Db, businessId: string, portalId: string, options: { unreadOnly?: boolean } = {}) {
  await getPortalRow(db, businessId, portalId);
  const scope = and(eq(clientUpdates.businessId, businessId), eq(clientUpdates.portalId, portalId));
  const rows = await db
    .select(columns)
    .from(clientUpdates)
    .leftJoin(clients, and(eq(clients.portalId, clientUpdates.portalId), eq(clients.clientId, clientUpdates.clientId)))
    .where(options.unreadOnly ? and(scope, isNull(clientUpdates.readAt)) : scope)
    .orderBy(desc(clientUpdates.createdAt))
    .limit(MAX_LISTED);
  const [unread] = await db.select({ n: count() }).from(clientUpdates).where(and(scope, isNull(clientUpdates.readAt)));
  return { updates: rows.map(view), unread: unread?.n ?? 0 };
}

/** Marks a client's updates read (all of them, or the given ids). Returns how many changed. */
export async function markClientUpdatesRead(
  db: Db,
  input: { businessId: string; portalId: string; clientId: string; actorUserId: string; ids?: string[] },
): Promise<number> {
  await getBusinessClient(db, input.businessId, input.portalId, input.clientId);
  const conditions = [
    eq(clientUpdates.businessId, input.businessId),
    eq(clientUpdates.portalId, input.portalId),
    eq(clientUpdates.clientId, input.clientId),
    isNull(clientUpdates.readAt),
  ];
  if (input.ids) {
    if (input.ids.length === 0) return 0;
    conditions.push(inArray(clientUpdates.id, input.ids));
  }
  const changed = await db
    .update(clientUpdates)
    .set({ readAt: new Date(), readByUserId: input.actorUserId })
    .where(and(...conditions))
    .returning({ id: clientUpdates.id });
  return changed.length;
}
