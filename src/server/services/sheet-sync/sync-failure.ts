// How a sync that stopped ends (decision 0005): before its commit point the last good data stays and the run (and,
// for the portal's own source, the portal) records why; past it nothing is undone and the apply is finished by the
// next run of the portal or the clean-up.
import { eq, sql } from 'drizzle-orm';
import { messages } from '@core/messages';
import { portals, syncRuns, type SyncRunStatus } from '../../db/schema';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueWebhooks } from '../webhooks/enqueue-webhooks';
import { deleteStepInserts } from './apply-import';
import { dropStagedTables } from './staged-apply';
import { DropNeedsConfirmationError } from './sync-errors';
import { countsOf } from './sync-outcome';
import { clearSyncProgress } from './sync-progress';
import type { SyncSession } from './sync-session';
import { keepUpload } from './uploaded-files';

/** Settles a run that threw `err`; returns the error for the caller. */
export async function failRun(s: SyncSession, err: unknown): Promise<unknown> {
  if (s.committed) return stoppedPastCommit(s, err);
  // Still holding the lease? If not, another run (or the clean-up) has taken over this portal: it undoes this
  // run's steps and records the failure itself; writing here could delete or mislabel its work.
  const undone = (await s.stillOurs()) && (await undoSteps(s));
  // Not undone: the run stays 'running' (and marked), for the next run of the portal or the next start to undo.
  if (s.runId && undone) await recordFailure(s, s.runId, err);
  else if (s.runId) clearSyncProgress(s.runId);
  return portalGoneOr(s, err);
}

/** A portal deleted while its run wrote makes the writes fail on its foreign keys: say what happened. */
export async function portalGoneOr(s: SyncSession, err: unknown): Promise<unknown> {
  if (err instanceof AppError) return err;
  const gone = await s.leaseLost().catch(() => null);
  return gone?.status === 404 ? gone : err;
}

/**
 * Past the commit point nothing is undone: the apply stays committed, and the next run of the portal or the
 * clean-up (every tick of the sync job, and each start) finishes it from where it stopped.
 */
async function stoppedPastCommit(s: SyncSession, err: unknown): Promise<AppError> {
  const { logger } = s.deps;
  if (s.runId) clearSyncProgress(s.runId);
  const gone = await s.leaseLost().catch(() => null);
  if (gone?.status === 404) {
    // The portal and its run are gone (deleted meanwhile): nobody will finish the apply; its tables go.
    if (s.staged) await dropStagedTables(s.db, s.staged).catch((e: unknown) => logger.warn({ err: e }, 'could not drop the staged rows of a sync'));
    return gone;
  }
  logger.error({ err, portalId: s.portal.id, runId: s.runId }, 'a committed sync stopped before it finished applying (finished by the clean-up)');
  return new AppError(503, 'sync_unfinished', messages.sync.unfinished);
}

/** Deletes the clients of a first import written in steps; false when that failed (undone by the next run or start). */
async function undoSteps(s: SyncSession): Promise<boolean> {
  if (!s.stepsToUndo) return true;
  return deleteStepInserts(s.db, s.portal.id, s.runId!).then(
    () => true,
    (e: unknown) => {
      s.deps.logger.warn({ err: e }, 'could not delete the clients of an unfinished first import (undone by the next run or start)');
      return false;
    },
  );
}

/** Keeps the last good data; records why on the run (and on the portal for its own source). */
async function recordFailure(s: SyncSession, runId: string, err: unknown): Promise<void> {
  const { db, deps, input } = s;
  const status: SyncRunStatus = err instanceof DropNeedsConfirmationError ? 'needs_confirmation' : 'failed';
  const message = err instanceof AppError ? err.message : 'The sync failed unexpectedly. Nothing was changed.';
  if (!(err instanceof AppError)) deps.logger.error({ err, portalId: s.portal.id }, 'sheet sync failed');
  await db
    .transaction(async (tx) => {
      await tx
        .update(syncRuns)
        .set({ ...(s.plan ? countsOf(s.plan, status) : { status }), errorMessage: message, finishedAt: new Date(), phase: 'done' })
        .where(eq(syncRuns.id, runId));
      if (status === 'failed') await announceFailure(s, tx, runId, message);
    })
    .catch((e: unknown) => deps.logger.warn({ err: e }, 'could not record the failed sync'));
  if (status === 'needs_confirmation' && input.upload) await holdUpload(s, runId);
  if (input.trigger === 'manual' || input.trigger === 'schedule') await recordErrorOnPortal(s, message);
  clearSyncProgress(runId);
}

/**
 * The business's webhooks asking for `sync.failed` hear of it (decision 0018), in the transaction that records the
 * failure, so a failure is announced once and only when recorded. A run held back for a large drop is not a failure.
 */
async function announceFailure(s: SyncSession, tx: Tx, runId: string, message: string): Promise<void> {
  const { jobs, clock } = s.deps;
  if (!jobs) return;
  const data = { portalId: s.portal.id, syncRunId: runId, error: message, trigger: s.input.trigger };
  await enqueueWebhooks({ jobs, clock }, tx, [{ businessId: s.input.businessId, type: 'sync.failed', data }]);
}

/** An upload held back for its large drop is kept, so the business can confirm it without uploading it again. */
async function holdUpload(s: SyncSession, runId: string): Promise<void> {
  await s.upload
    .stored()
    .then(async (f) => {
      if (!f) return;
      // Still this run's portal (storing a large file takes a while): else another run's clean-up owns it.
      await s.db.transaction(async (tx) => {
        await s.holdLease(tx);
        await keepUpload(tx, s.portal.id, 'held', f, runId);
      });
      s.upload.kept = true;
    })
    .catch((e: unknown) => s.deps.logger.warn({ err: e, portalId: s.portal.id }, 'could not keep an upload held back for confirmation'));
}

/** A failed sync of the portal's own source: its error shown on the portal, the next try at its interval. */
async function recordErrorOnPortal(s: SyncSession, message: string): Promise<void> {
  const failedAt = new Date();
  await s.db
    .update(portals)
    .set({ lastAttemptAt: failedAt, lastError: message, lastErrorAt: failedAt, nextSyncAt: sql`now() + make_interval(mins => ${s.portal.syncIntervalMinutes})` })
    .where(eq(portals.id, s.portal.id))
    .catch((e: unknown) => s.deps.logger.warn({ err: e }, 'could not record the sync error on the portal'));
}
