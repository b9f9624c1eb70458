import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { messages } from '@core/messages';
import type { AppContext } from '../../context';
import { syncRuns } from '../../db/schema';
import { failInterruptedRuns, freeStaleLeases } from './maintenance';
import { dropOrphanStagedTables } from './staged-apply';

type RecoveryContext = Pick<AppContext, 'db' | 'readiness' | 'recoveringPortals' | 'clientEvents'>;

/**
 * Recovery at start on the embedded database, where one process holds the folder, so whatever an earlier process
 * left is stale. Frees its leases and notes the portals with a run left 'running' (requests to them answer 503
 * `portal_recovering`, and the ready probe holds), then returns at once: the runs are finished (a large change past
 * its commit point, applied in steps) or undone (a first import written in steps, a change still staging) in the
 * background, and staged tables no run names are dropped. `done` resolves when that is over, successful or not (a
 * failure is logged; the sync job's clean-up tries again every 30 s). Nothing here waits for the apply, however
 * large, so the start never times out on it (a 100,000-row apply had held the start for 20 s, past Fastify's limit).
 */
export async function startRecovery(ctx: RecoveryContext, log: Pick<Logger, 'warn' | 'error'>): Promise<{ done: Promise<void> }> {
  await freeStaleLeases(ctx.db);
  const stale = await ctx.db.selectDistinct({ portalId: syncRuns.portalId }).from(syncRuns).where(eq(syncRuns.status, 'running'));
  for (const { portalId } of stale) ctx.recoveringPortals.add(portalId);
  const release = stale.length > 0 ? ctx.readiness.hold(messages.system.recovering) : () => {};
  const done = (async () => {
    try {
      await failInterruptedRuns(ctx.db, log, ctx.clientEvents).catch((err: unknown) => log.error({ err }, 'could not fail or finish the runs an earlier process left'));
      await dropOrphanStagedTables(ctx.db).catch((err: unknown) => log.error({ err }, 'could not drop the staged rows an earlier process left'));
    } finally {
      for (const { portalId } of stale) ctx.recoveringPortals.delete(portalId);
      release();
    }
  })();
  return { done };
}
