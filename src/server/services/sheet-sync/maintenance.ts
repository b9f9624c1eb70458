import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { messages } from '@core/messages';
import type { Db } from '../../db/client';
import { portals, syncRuns } from '../../db/schema';
import { processLeaseTag } from './sync-lease';
import { dropStagedTables, finishStagedApply } from './staged-apply';

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
 * transaction, if any, was rolled back, so nothing they did remains). A first import that was writing in steps
 * (embedded database) has its clients deleted: its portal had none before. A large change past its commit point
 * (embedded database, staged-apply.ts) is finished instead. Returns the runs failed or finished.
 */
export async function failInterruptedRuns(db: Db): Promise<number> {
  return failRuns(db, or(isNull(portals.syncLeaseExpiresAt), lt(portals.syncLeaseExpiresAt, sql`now()`))!);
}

/**
 * For a sync that has just taken the portal's lease (`leaseToken`): any other run of the portal still 'running'
 * was left by a process that died or lost the lease, and is failed (and undone) or finished now, before the new
 * run reads the clients.
 */
export async function failStaleRunsOf(db: Db, portalId: string, leaseToken: string): Promise<number> {
  return failRuns(db, and(eq(portals.id, portalId), eq(portals.syncLeaseOwner, leaseToken))!);
}

/**
 * Fails the runs left 'running' on portals matching `portalCondition` (a free or expired lease, or the caller's
 * own), in one transaction, so nothing takes the lease between finding them and undoing them; then finishes the
 * committed staged applies among them, step by step.
 */
async function failRuns(db: Db, portalCondition: SQL): Promise<number> {
  const toFinish: string[] = [];
  const failed = await db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: syncRuns.id, portalId: syncRuns.portalId, insertsInSteps: syncRuns.insertsInSteps, startedAt: syncRuns.startedAt, stagedApply: syncRuns.stagedApply })
      .from(syncRuns)
      .innerJoin(portals, eq(portals.id, syncRuns.portalId))
      .where(and(eq(syncRuns.status, 'running'), portalCondition))
      // The portals' rows stay locked until this commits: no run takes a lease in between (PostgreSQL).
      .for('update', { of: portals });
    const toFail: string[] = [];
    for (const run of stale) {
      if (run.stagedApply?.committed) {
        toFinish.push(run.id);
        continue;
      }
      toFail.push(run.id);
      // Staged before its commit point: the clients were not touched; the tables go.
      if (run.stagedApply) await dropStagedTables(tx, run.stagedApply.tables);
      if (!run.insertsInSteps) continue;
      // Its clients, unless a later sync of the portal has applied since (then they are that sync's).
      await tx.execute(sql`
        delete from clients where portal_id = ${run.portalId} and not exists (
          select 1 from sync_runs r where r.portal_id = ${run.portalId} and r.status = 'ok' and r.started_at > ${run.startedAt})`);
    }
    if (toFail.length === 0) return 0;
    await tx
      .update(syncRuns)
      .set({ status: 'failed', phase: 'done', finishedAt: new Date(), errorMessage: messages.sync.interrupted, stagedApply: null })
      .where(and(inArray(syncRuns.id, toFail), eq(syncRuns.status, 'running')));
    return toFail.length;
  });
  // Each step checks the run's position in its own transaction: a run finished meanwhile (by its own process, or
  // another clean-up) is left alone.
  for (const runId of toFinish) await finishStagedApply(db, runId);
  return failed + toFinish.length;
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
