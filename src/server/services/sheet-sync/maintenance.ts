import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

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
