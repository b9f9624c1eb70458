// One sync or import of a portal, read top to bottom (docs/sheet-sync.md, decision 0022).
import type { SyncRunStatus } from '../../db/schema';
import { planWriteCount } from './apply-import';
import { guard, prepare, readSource, type PreparedSync } from './prepare-sync';
import { DropNeedsConfirmationError } from './sync-errors';
import { failRun, failStaleRunsOf, portalGoneOr } from './run-recovery';
import { appliedResult, dryRunView, resultOf, type SavedRun } from './sync-outcome';
import { clearSyncProgress } from './sync-progress';
import { loadPortal, SyncSession } from './sync-session';
import type { RunSyncInput, SyncDeps, SyncResult } from './sync-types';
import { AppError } from '../../errors';
import { messages } from '@core/messages';
import { applyUnchanged, isUnchanged } from './unchanged-source';
import { writeSync } from './write-sync';

export type { NewSheetSource, RunSyncInput, SyncDeps, SyncResult } from './sync-types';

/**
 * One sync or import of a portal, safe by construction (decision 0022):
 * 1. take the portal's lease (else 409: two syncs never run at once), settle a run an earlier process left, and
 *    record this one;
 * 2. prepare: read the source (Google Sheet with time-out and size cap, or the upload), decode, parse, map the
 *    columns (a required one missing stops it), load the stored clients and plan the change; a source unchanged
 *    since the last applied sync takes a shortcut instead;
 * 3. guard: a repeated client id stops it; a large drop (more than half the clients removed) needs `confirmDrop`;
 * 4. write the plan with the portal's new state, all or nothing, in the way the database's capabilities choose
 *    (write-sync.ts);
 * 5. finish; on any failure keep the last good data, record the error on the run (and on the portal for its own
 *    source), and rethrow it for the caller (failRun in run-recovery.ts).
 * `dryRun` is its own verb (dryRunSync): prepare and guard, write nothing.
 */
export async function runSync(deps: SyncDeps, input: RunSyncInput): Promise<SyncResult> {
  if (input.dryRun) return dryRunSync(deps, input);
  return observed(deps, input, async () => {
    const s = await SyncSession.take(deps, input);
    try {
      // A run of this portal still 'running' while we hold its lease was left by a process that died or lost the
      // lease: settled (undone, or finished) before the clients are read.
      const settledStale = (await failStaleRunsOf(s.db, s.portal.id, s.leaseToken!, deps.logger, deps.clientEvents)) > 0;
      await s.recordRun();
      const source = await readSource(s);
      if (isUnchanged(s, source, settledStale)) return await applyUnchanged(s);
      const prepared = await prepare(s, source);
      const dropMessage = guard(prepared, input);
      if (dropMessage) throw new DropNeedsConfirmationError(dropMessage);
      return finish(s, prepared, await writeSync(s, prepared));
    } catch (err) {
      throw await failRun(s, err);
    } finally {
      await s.close();
    }
  });
}

/** The run written: its timings logged, its progress done, its result. */
function finish(s: SyncSession, prepared: PreparedSync, saved: SavedRun | undefined): SyncResult {
  s.deps.logger.debug({ portalId: s.portal.id, timings: s.timings, rows: planWriteCount(prepared.plan) }, 'sheet sync timings');
  clearSyncProgress(s.runId!);
  // The portal was deleted as the run finished (its run row went with it).
  if (!saved) throw new AppError(404, 'not_found', messages.portals.notFound);
  return appliedResult(prepared, saved);
}

/** What a sync would do: prepared and guarded like a run, reported, and nothing written (no lease, no run row). */
export async function dryRunSync(deps: SyncDeps, input: RunSyncInput): Promise<SyncResult> {
  const s = new SyncSession(deps, await loadPortal(deps, input), input, null, false);
  try {
    const prepared = await prepare(s, await readSource(s));
    return resultOf(prepared, dryRunView(s, prepared.plan, guard(prepared, input)), false);
  } catch (err) {
    throw await portalGoneOr(s, err);
  }
}

/** A run's after-effects, however it ended: portal lookups read its state again, and /metrics counts it. */
async function observed(deps: SyncDeps, input: RunSyncInput, run: () => Promise<SyncResult>): Promise<SyncResult> {
  const started = performance.now();
  let outcome: SyncRunStatus = 'failed';
  try {
    const result = await run();
    outcome = result.run.status;
    return result;
  } catch (err) {
    if (err instanceof DropNeedsConfirmationError) outcome = 'needs_confirmation';
    throw err;
  } finally {
    // Its last sync time and queue day changed (or may have): portal lookups read them again. (Its estimates'
    // refresh was enqueued by the write's own transactions: sync-events.ts.)
    deps.portalMeta?.portalChanged(input.portalId);
    deps.metrics?.observeSync(input.trigger, outcome, (performance.now() - started) / 1000);
  }
}
