import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { syncRuns } from '../../db/schema';
import { toSyncRunView, type SyncRunView } from './sync-run-view';

/** The portal's latest runs, newest first, with their errors and (while running) their progress. */
export async function listSyncRuns(db: Db, portalId: string, limit = 20): Promise<SyncRunView[]> {
  const rows = await db.select().from(syncRuns).where(eq(syncRuns.portalId, portalId)).orderBy(desc(syncRuns.startedAt)).limit(limit);
  return rows.map(toSyncRunView);
}
