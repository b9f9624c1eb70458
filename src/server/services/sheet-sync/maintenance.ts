import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { messages } from '@core/messages';
import type { Db } from '../../db/client';
import { portals, syncRuns } from '../../db/schema';
import { processLeaseTag } from './sync-lease';

/** Removed clients are kept this long (restorable by reappearing in the sheet), then purged. */
export const REMOVED_RETENTION_DAYS = 30;

/** Deletes clients removed more than 30 days ago (their status history goes with them). */
export async function purgeRemovedClients(db: Db, limit = 5000): Promise<number> {
  const rows = await db.execute(sql`
    delete from clients where (portal_id, client_id) in (
      select portal_id, client_id from clients
      where removed_at is not null and removed_at < now() - make_interval(days => ${REMOVED_RETENTION_DAYS})
      limit ${limit})
    returning client_id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Marks runs left 'running' by a crash or kill as failed: their portal's lease has expired or is gone (its
 * transaction, if any, was rolled back, so nothing they did remains).
 */
export async function failInterruptedRuns(db: Db): Promise<number> {
  const stale = await db
    .select({ id: syncRuns.id })
    .from(syncRuns)
    .innerJoin(portals, eq(portals.id, syncRuns.portalId))
    .where(and(eq(syncRuns.status, 'running'), or(isNull(portals.syncLeaseExpiresAt), lt(portals.syncLeaseExpiresAt, sql`now()`))));
  if (stale.length === 0) return 0;
  await db
    .update(syncRuns)
    .set({ status: 'failed', phase: 'done', finishedAt: new Date(), errorMessage: messages.sync.interrupted })
    .where(inArray(syncRuns.id, stale.map((s) => s.id)));
  return stale.length;
}

/**
 * On the embedded database only one process runs, so at start every lease left by an earlier process is stale:
 * free them (PostgreSQL instances wait for expiry instead).
 */
export async function freeStaleLeases(db: Db): Promise<void> {
  await db
    .update(portals)
    .set({ syncLeaseOwner: null, syncLeaseExpiresAt: null })
    .where(and(sql`${portals.syncLeaseOwner} is not null`, sql`${portals.syncLeaseOwner} not like ${processLeaseTag + ':%'}`));
}
