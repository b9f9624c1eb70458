import { and, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { messages } from '@core/messages';
import type { Db } from '../../db/client';
import { portals, syncRuns } from '../../db/schema';
import type { Logger } from 'pino';
import { leaseSessionOf } from '../../db/lease-session';
import { acquireSyncLease, LEASE_SECONDS, newLeaseToken, processLeaseTag, releaseSyncLease, renewSyncLease } from './sync-lease';
import { dropStagedTables, finishStagedApply } from './staged-apply';
import type { ClientEventLog } from '../client-events/client-event-log';

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

/** Where the clean-up reports what it could not do (the sync job's logger; silent in scripts and tests). */
type CleanupLog = Pick<Logger, 'warn'>;

/** The event log a finished apply hands its client events to (its subscribers: notifications, webhooks), as a run does. */
type CleanupEvents = Pick<ClientEventLog, 'announce'>;

/**
 * Marks runs left 'running' by a crash or kill as failed: their portal's lease has expired or is gone (its
 * transaction, if any, was rolled back, so nothing they did remains). A first import that was writing in steps
 * (embedded database) has its clients deleted: its portal had none before. A large change past its commit point
 * (embedded database, staged-apply.ts) is finished instead, under the portal's lease taken for it. Returns the runs
 * failed or finished.
 */
export async function failInterruptedRuns(db: Db, log?: CleanupLog, events?: CleanupEvents): Promise<number> {
  const ofDeadHolders = await freeLeasesOfDeadHolders(db, log, events);
  return ofDeadHolders + (await failRuns(db, or(isNull(portals.syncLeaseExpiresAt), lt(portals.syncLeaseExpiresAt, sql`now()`))!, null, log, events));
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
  let failed = 0;
  for (const { id } of leased) {
    const token = await acquireSyncLease(db, id);
    if (!token) continue;
    try {
      failed += await failStaleRunsOf(db, id, token, log, events);
    } finally {
      await releaseSyncLease(db, id, token).catch(() => {});
    }
  }
  return failed;
}

/**
 * For a caller that has just taken the portal's lease (`leaseToken`: a sync, a restore, a manual queue position, a
 * queue recalculation): any run of the portal still 'running' was left by a process that died or lost the lease,
 * and is failed (and undone) or finished now, under the caller's lease, before the caller reads the clients.
 */
export async function failStaleRunsOf(db: Db, portalId: string, leaseToken: string, log?: CleanupLog, events?: CleanupEvents): Promise<number> {
  return failRuns(db, and(eq(portals.id, portalId), eq(portals.syncLeaseOwner, leaseToken))!, leaseToken, log, events);
}

/** Clean-ups that may fail to finish one staged apply before it is given up. */
export const MAX_FINISH_ATTEMPTS = 3;

/**
 * Fails the runs left 'running' on portals matching `portalCondition` (a free or expired lease, or the caller's
 * own), in one transaction, so nothing takes the lease between finding them and undoing them; then finishes the
 * committed staged applies among them, step by step, under the caller's lease or one taken in that transaction.
 */
async function failRuns(db: Db, portalCondition: SQL, callerToken: string | null, log?: CleanupLog, events?: CleanupEvents): Promise<number> {
  const toFinish: { runId: string; portalId: string; token: string; attempts: number }[] = [];
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
        // Finished under a lease, so no restore, manual position or recalculation acts on a half-applied portal.
        let token = callerToken ?? toFinish.find((f) => f.portalId === run.portalId)?.token;
        if (!token) {
          token = newLeaseToken();
          await tx
            .update(portals)
            .set({ syncLeaseOwner: token, syncLeaseExpiresAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
            .where(eq(portals.id, run.portalId));
        }
        toFinish.push({ runId: run.id, portalId: run.portalId, token, attempts: run.stagedApply.attempts ?? 0 });
        continue;
      }
      toFail.push(run.id);
      // Staged before its commit point: the clients were not touched; the tables go.
      if (run.stagedApply) await dropStagedTables(tx, run.stagedApply.tables);
      if (!run.insertsInSteps) continue;
      // The events its steps wrote: never handed to subscribers (that happens when an import commits), now untrue.
      await tx.execute(sql`delete from client_events where portal_id = ${run.portalId} and sync_run_id = ${run.id}::uuid`);
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
  // another clean-up) is left alone. One that cannot be finished does not stop the others (or the sync job).
  for (const f of toFinish) {
    try {
      await finishStagedApply(db, f.runId, {
        holdLease: async (tx) => {
          if (!(await renewSyncLease(tx, f.portalId, f.token))) throw new Error('the portal\'s lease was lost while finishing its sync');
        },
        announce: events ? (tx, recorded) => events.announce(tx, recorded) : undefined,
      });
    } catch (err) {
      log?.warn({ err, runId: f.runId, portalId: f.portalId, attempt: f.attempts + 1 }, 'could not finish applying a committed sync');
      await recordFinishFailure(db, f.runId, f.portalId, f.attempts + 1).catch((e: unknown) => log?.warn({ err: e }, 'could not record it'));
    } finally {
      if (!callerToken) await releaseSyncLease(db, f.portalId, f.token).catch(() => {});
    }
  }
  return failed + toFinish.length;
}

/**
 * A clean-up could not finish a committed apply: counted on the run; at MAX_FINISH_ATTEMPTS the run is failed
 * and its tables dropped. Its portal is then partly applied, so its source is marked as not yet read (the next
 * sync applies the rest, even from the same file), its queue as stale, and the business is told to sync again.
 */
async function recordFinishFailure(db: Db, runId: string, portalId: string, attempts: number): Promise<void> {
  const [run] = await db.select({ stagedApply: syncRuns.stagedApply }).from(syncRuns).where(and(eq(syncRuns.id, runId), eq(syncRuns.status, 'running')));
  const state = run?.stagedApply;
  if (!state?.committed) return;
  if (attempts < MAX_FINISH_ATTEMPTS) {
    await db.update(syncRuns).set({ stagedApply: { ...state, attempts } }).where(eq(syncRuns.id, runId));
    return;
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(syncRuns)
      .set({ status: 'failed', phase: 'done', finishedAt: now, errorMessage: messages.sync.applyStopped, stagedApply: null })
      .where(eq(syncRuns.id, runId));
    await tx
      .update(portals)
      .set({ sourceFingerprint: null, queueComputedFor: null, lastError: messages.sync.applyStopped, lastErrorAt: now })
      .where(eq(portals.id, portalId));
  });
  await dropStagedTables(db, state.tables);
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
