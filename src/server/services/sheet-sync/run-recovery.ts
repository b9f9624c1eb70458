// One recovery story (docs/sheet-sync.md, "Recovery"). A run is running, staged, committed, ok or failed; the moves
// between those states are the table of core/sync/run-state.ts, written by run-moves.ts. This module settles every
// run that stopped, whoever finds it:
// - the catch path, for the run that threw (failRun);
// - the next holder of the portal's lease (a sync, a restore, a manual position, a queue recompute, a managed
//   write), before it reads the clients (failStaleRunsOf);
// - the clean-up, every round of the sync job on each instance (failInterruptedRuns);
// - the start on the embedded database, in the background (startRecovery).
// Before the commit point a stopped run is failed and what it wrote is undone; past it, the apply is finished from
// where it stopped, and given up (failed, the portal marked for a full re-sync) after MAX_FINISH_ATTEMPTS tries.
import { and, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { messages } from '@core/messages';
import { afterFailedFinish, caughtRunPlan, runStateOf, stoppedRunPlan, type OpenRunState } from '@core/sync/run-state';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { leaseSessionOf } from '../../db/lease-session';
import { portals, syncRuns, type StagedApply } from '../../db/schema';
import { AppError } from '../../errors';
import type { ClientEventLog } from '../client-events/client-event-log';
import { dropOrphanStagedTables, dropStagedTables, finishStagedApply } from './staged-apply';
import { endRuns } from './run-moves';
import { announceFailure, holdUpload, recordErrorOnPortal } from './run-failure-effects';
import { DropNeedsConfirmationError } from './sync-errors';
import { figuresOf } from './sync-outcome';
import { acquireSyncLease, leaseTakenBy, newLeaseToken, processLeaseTag, releaseSyncLease, renewSyncLease } from './sync-lease';
import { clearSyncProgress } from './sync-progress';
import type { SyncSession } from './sync-session';

/** Where a clean-up reports what it could not do (the sync job's logger; silent in scripts and tests). */
type CleanupLog = Pick<Logger, 'warn'>;

/** The event log a finished apply hands its client events to (its subscribers: notifications, webhooks), as a run does. */
type CleanupEvents = Pick<ClientEventLog, 'announce'>;

/** A run that stopped open: what its undo or finish needs. */
interface OpenRun {
  id: string;
  portalId: string;
  startedAt: Date;
}

/**
 * Undoes a first import written in steps that did not finish (its portal had no clients before it): its clients go,
 * unless a later sync of the portal has applied since (then they are that sync's), and so do the events its steps
 * wrote (never handed to subscribers: that happens when an import commits; now untrue).
 */
async function undoStepInserts(q: Db | Tx, run: OpenRun): Promise<void> {
  await q.execute(sql`delete from client_events where portal_id = ${run.portalId} and sync_run_id = ${run.id}::uuid`);
  await q.execute(sql`
    delete from clients where portal_id = ${run.portalId} and not exists (
      select 1 from sync_runs r where r.portal_id = ${run.portalId} and r.status = 'ok' and r.started_at > ${run.startedAt})`);
}

// ---- The catch path: the run that threw -------------------------------------------------------------------------

/** Where the session's own run is: past its commit point, staged, or running. */
function openStateOf(s: SyncSession): OpenRunState {
  if (s.committed) return 'committed';
  return s.staged ? 'staged' : 'running';
}

/** Settles a run that threw `err`; returns the error for the caller. */
export async function failRun(s: SyncSession, err: unknown): Promise<unknown> {
  const state = openStateOf(s);
  // Still holding the lease? If not, another run (or the clean-up) has taken over this portal: it undoes this
  // run's steps and records the failure itself; writing here could delete or mislabel its work.
  const plan = caughtRunPlan(state, state !== 'committed' && (await s.stillOurs()));
  if (plan === 'leave_committed') return stoppedPastCommit(s, err);
  const undone = plan === 'undo_and_record' && (await undoSteps(s));
  // Not undone: the run stays 'running' (and marked), for the next run of the portal or the next start to undo.
  if (s.runId && undone) await recordFailure(s, { id: s.runId, state }, err);
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
 * clean-up (every round of the sync job, and each start) finishes it from where it stopped.
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
  return undoStepInserts(s.db, { id: s.runId!, portalId: s.portal.id, startedAt: s.startedAt }).then(
    () => true,
    (e: unknown) => {
      s.deps.logger.warn({ err: e }, 'could not delete the clients of an unfinished first import (undone by the next run or start)');
      return false;
    },
  );
}

/**
 * Keeps the last good data and records why on the run ('hold' for a large drop, else 'fail'), in one transaction
 * with its `sync.failed` webhooks; an upload held back is kept, and a failure of the portal's own source is shown
 * on the portal.
 */
async function recordFailure(s: SyncSession, run: { id: string; state: OpenRunState }, err: unknown): Promise<void> {
  const { db, deps, input } = s;
  const event = err instanceof DropNeedsConfirmationError ? 'hold' : 'fail';
  const message = err instanceof AppError ? err.message : 'The sync failed unexpectedly. Nothing was changed.';
  if (!(err instanceof AppError)) deps.logger.error({ err, portalId: s.portal.id }, 'sheet sync failed');
  await db
    .transaction(async (tx) => {
      const moved = await endRuns(tx, [run], event, message, s.plan ? figuresOf(s.plan) : {});
      if (event === 'fail' && moved.length > 0) await announceFailure(s, tx, run.id, message);
    })
    .catch((e: unknown) => deps.logger.warn({ err: e }, 'could not record the failed sync'));
  if (event === 'hold' && input.upload) await holdUpload(s, run.id);
  if (input.trigger === 'manual' || input.trigger === 'schedule') await recordErrorOnPortal(s, message);
  clearSyncProgress(run.id);
}

// ---- Runs left open: the next lease holder, the clean-up, the start ----------------------------------------------

/**
 * For a caller that has just taken the portal's lease (`leaseToken`: a sync, a restore, a manual queue position, a
 * queue recalculation): any run of the portal still 'running' was left by a process that died or lost the lease,
 * and is failed (and undone) or finished now, under the caller's lease, before the caller reads the clients.
 */
export async function failStaleRunsOf(db: Db, portalId: string, leaseToken: string, log?: CleanupLog, events?: CleanupEvents): Promise<number> {
  return settleOpenRuns(db, and(eq(portals.id, portalId), eq(portals.syncLeaseOwner, leaseToken))!, leaseToken, log, events);
}

/**
 * The clean-up: fails (and undoes) or finishes runs left 'running' by a crash or kill, whose portal's lease has
 * expired or is gone (its transaction, if any, was rolled back), and on PostgreSQL those of holders that died.
 * Returns the runs failed or finished.
 */
export async function failInterruptedRuns(db: Db, log?: CleanupLog, events?: CleanupEvents): Promise<number> {
  const ofDeadHolders = await freeLeasesOfDeadHolders(db, log, events);
  return ofDeadHolders + (await settleOpenRuns(db, or(isNull(portals.syncLeaseExpiresAt), lt(portals.syncLeaseExpiresAt, sql`now()`))!, null, log, events));
}

/**
 * PostgreSQL: leases whose row has not expired but whose holder died (its session lock went with its connection,
 * decision 20) are taken, their runs failed (and undone), and given back, so the scheduler syncs the portal again
 * within a round instead of after the row's expiry. A lease whose holder lives stays as it is (taking it fails).
 */
async function freeLeasesOfDeadHolders(db: Db, log?: CleanupLog, events?: CleanupEvents): Promise<number> {
  if (!leaseSessionOf(db)) return 0;
  const leased = await db
    .select({ id: portals.id })
    .from(portals)
    .where(and(isNotNull(portals.syncLeaseOwner), gte(portals.syncLeaseExpiresAt, sql`now()`)));
  let settled = 0;
  for (const { id } of leased) {
    const token = await acquireSyncLease(db, id);
    if (!token) continue;
    try {
      settled += await failStaleRunsOf(db, id, token, log, events);
    } finally {
      await releaseSyncLease(db, id, token).catch(() => {});
    }
  }
  return settled;
}

/** A committed apply to finish, under `token` (the caller's lease, or one taken for it). */
interface ToFinish extends OpenRun {
  token: string;
  attempts: number;
}

/**
 * Settles the runs left 'running' on portals matching `portalCondition` (a free or expired lease, or the caller's
 * own): in one transaction, so nothing takes the lease between finding them and undoing them, those before their
 * commit point are failed and undone; then the committed ones are finished, step by step, under the caller's lease
 * or one taken in that transaction.
 */
async function settleOpenRuns(db: Db, portalCondition: SQL, callerToken: string | null, log?: CleanupLog, events?: CleanupEvents): Promise<number> {
  const { failed, toFinish } = await db.transaction(async (tx) => {
    const toFinish: ToFinish[] = [];
    const toFail: { id: string; state: OpenRunState }[] = [];
    for (const run of await openRunsLocked(tx, portalCondition)) {
      const state = runStateOf(run) as OpenRunState;
      const plan = stoppedRunPlan(state, run.insertsInSteps);
      if (plan.action === 'finish') {
        const token = callerToken ?? toFinish.find((f) => f.portalId === run.portalId)?.token ?? (await leaseForFinish(tx, run.portalId));
        toFinish.push({ ...run, token, attempts: run.stagedApply?.attempts ?? 0 });
        continue;
      }
      toFail.push({ id: run.id, state });
      // Staged before its commit point: the clients were not touched; the tables go.
      if (plan.dropStaged && run.stagedApply) await dropStagedTables(tx, run.stagedApply.tables);
      if (plan.undoSteps) await undoStepInserts(tx, run);
    }
    await endRuns(tx, toFail, 'fail', messages.sync.interrupted);
    return { failed: toFail.length, toFinish };
  });
  for (const f of toFinish) await finishCommitted(db, f, callerToken, log, events);
  return failed + toFinish.length;
}

/** The open runs of the portals matching `portalCondition`, those portals' rows locked until `tx` commits (PostgreSQL). */
function openRunsLocked(tx: Tx, portalCondition: SQL) {
  return (
    tx
      .select({ id: syncRuns.id, portalId: syncRuns.portalId, status: syncRuns.status, insertsInSteps: syncRuns.insertsInSteps, startedAt: syncRuns.startedAt, stagedApply: syncRuns.stagedApply })
      .from(syncRuns)
      .innerJoin(portals, eq(portals.id, syncRuns.portalId))
      .where(and(eq(syncRuns.status, 'running'), portalCondition))
      // No run takes a lease between finding them and settling them.
      .for('update', { of: portals })
  );
}

/** A lease taken in the clean-up's transaction, so no restore, manual position or recalculation acts on a half-applied portal. */
async function leaseForFinish(tx: Tx, portalId: string): Promise<string> {
  const token = newLeaseToken();
  await tx.update(portals).set(leaseTakenBy(token)).where(eq(portals.id, portalId));
  return token;
}

/**
 * Finishes a committed apply. Each step checks the run's position in its own transaction: a run finished meanwhile
 * (by its own process, or another clean-up) is left alone. One that cannot be finished does not stop the others (or
 * the sync job): the try is counted. A lease taken for it is given back.
 */
async function finishCommitted(db: Db, f: ToFinish, callerToken: string | null, log?: CleanupLog, events?: CleanupEvents): Promise<void> {
  try {
    await finishStagedApply(db, f.id, {
      holdLease: async (tx) => {
        if (!(await renewSyncLease(tx, f.portalId, f.token))) throw new Error("the portal's lease was lost while finishing its sync");
      },
      announce: events ? (tx, recorded) => events.announce(tx, recorded) : undefined,
    });
  } catch (err) {
    log?.warn({ err, runId: f.id, portalId: f.portalId, attempt: f.attempts + 1 }, 'could not finish applying a committed sync');
    await recordFinishFailure(db, f, f.attempts + 1).catch((e: unknown) => log?.warn({ err: e }, 'could not record it'));
  } finally {
    if (!callerToken) await releaseSyncLease(db, f.portalId, f.token).catch(() => {});
  }
}

/**
 * A clean-up could not finish a committed apply: counted on the run; at MAX_FINISH_ATTEMPTS it is given up (failed,
 * its tables dropped). Its portal is then partly applied, so its source is marked as not yet read (the next sync
 * applies the rest, even from the same file), its queue as stale, and the business is told to sync again.
 */
async function recordFinishFailure(db: Db, run: OpenRun, attempts: number): Promise<void> {
  const [row] = await db.select({ stagedApply: syncRuns.stagedApply }).from(syncRuns).where(and(eq(syncRuns.id, run.id), eq(syncRuns.status, 'running')));
  const state: StagedApply | null | undefined = row?.stagedApply;
  if (!state?.committed) return;
  if (afterFailedFinish(attempts) === 'retry') {
    await db.update(syncRuns).set({ stagedApply: { ...state, attempts } }).where(eq(syncRuns.id, run.id));
    return;
  }
  await db.transaction(async (tx) => {
    await endRuns(tx, [{ id: run.id, state: 'committed' }], 'give_up', messages.sync.applyStopped);
    await tx
      .update(portals)
      .set({ sourceFingerprint: null, queueComputedFor: null, lastError: messages.sync.applyStopped, lastErrorAt: new Date() })
      .where(eq(portals.id, run.portalId));
  });
  await dropStagedTables(db, state.tables);
}

// ---- The start (embedded database) ------------------------------------------------------------------------------

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

type RecoveryContext = Pick<AppContext, 'db' | 'readiness' | 'recoveringPortals' | 'clientEvents'>;

/**
 * Recovery at start on the embedded database, where one process holds the folder, so whatever an earlier process
 * left is stale. Frees its leases and notes the portals with a run left 'running' (requests to them answer 503
 * `portal_recovering`, and the ready probe holds), then returns at once: the runs are settled by the clean-up
 * (failInterruptedRuns) in the background, and staged tables no run names are dropped. `done` resolves when that is
 * over, successful or not (a failure is logged; the sync job's clean-up tries again every 30 s). Nothing here waits
 * for the apply, however large, so the start never times out on it (a 100,000-row apply had held the start for
 * 20 s, past Fastify's limit).
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
