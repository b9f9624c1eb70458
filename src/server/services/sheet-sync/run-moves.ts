// The one place that writes a sync run's status (docs/sheet-sync.md, "Recovery"). Each move is checked against the
// table of core/sync/run-state.ts and written only while the run is still in a state the move starts from (`status`
// and, for a staged apply, its commit point), in the connection or transaction it is given. A leaf: run-recovery.ts,
// staged-apply.ts, write-sync.ts and unchanged-source.ts all move runs through it (and the estimates refresh asks it
// whether a portal's apply is under way).
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { nextRunState, openStatesMoving, type OpenRunState, type RunEvent, type RunState } from '@core/sync/run-state';
import type { Db, Tx } from '../../db/client';
import { syncRuns, type StagedApply, type SyncRunStatus } from '../../db/schema';

type SavedRun = typeof syncRuns.$inferSelect;

/** What a move writes besides the status: the run's figures, phase, position. */
export type RunFigures = Omit<Partial<typeof syncRuns.$inferInsert>, 'id' | 'portalId' | 'status' | 'stagedApply'>;

/** The state a move leads to, or an error for a move the table does not have. */
function moveTo(from: OpenRunState, event: RunEvent): RunState {
  const to = nextRunState(from, event);
  if (!to) throw new Error(`no '${event}' move from ${from}`);
  return to;
}

/** A run's row is in `state` (core's runStateOf, as a condition). */
function isIn(state: OpenRunState): SQL {
  const committed = sql`(${syncRuns.stagedApply} ->> 'committed')::boolean`;
  const apply = state === 'running' ? sql`${committed} is null` : state === 'staged' ? sql`${committed} is false` : sql`${committed} is true`;
  return and(eq(syncRuns.status, 'running'), apply)!;
}

/** A run of the portal is past its commit point and not finished: its clients are half applied until it is. */
export async function applyUnderWay(q: Db | Tx, portalId: string): Promise<boolean> {
  const [run] = await q.select({ id: syncRuns.id }).from(syncRuns).where(and(eq(syncRuns.portalId, portalId), isIn('committed'))).limit(1);
  return run !== undefined;
}

/** running → staged: the run names its staged tables (before it makes them). False when it is no longer running. */
export async function stageRun(q: Db | Tx, runId: string, staged: StagedApply & { committed: false }): Promise<boolean> {
  moveTo('running', 'stage');
  const moved = await q.update(syncRuns).set({ stagedApply: staged }).where(and(eq(syncRuns.id, runId), isIn('running'))).returning({ id: syncRuns.id });
  return moved.length > 0;
}

/** staged → committed: the commit point, in the caller's transaction. False when the run is no longer staged (failed meanwhile). */
export async function commitRun(tx: Tx, runId: string, committed: StagedApply & { committed: true }): Promise<boolean> {
  moveTo('staged', 'commit');
  const moved = await tx
    .update(syncRuns)
    .set({ stagedApply: committed, phase: 'committing' })
    .where(and(eq(syncRuns.id, runId), isIn('staged')))
    .returning({ id: syncRuns.id });
  return moved.length > 0;
}

/**
 * running → ok (written in one transaction, or the unchanged shortcut) or committed → ok (the staged apply's last
 * step): done, with `figures`. The run as saved, or undefined when it was not in `from` (ended by another).
 */
export async function applyRun(q: Db | Tx, runId: string, from: Extract<OpenRunState, 'running' | 'committed'>, figures: RunFigures): Promise<SavedRun | undefined> {
  const status = moveTo(from, 'apply') as SyncRunStatus;
  const [saved] = await q
    .update(syncRuns)
    .set({ ...figures, status, phase: 'done', finishedAt: new Date(), stagedApply: null })
    .where(and(eq(syncRuns.id, runId), isIn(from)))
    .returning();
  return saved;
}

/**
 * Ends open runs by `event` ('fail', 'hold', 'give_up'): done, with why, their staged tables no longer theirs. The
 * move is checked against core's table from the state each run is given, and made only where the run really is in a
 * state with that move (a run that has moved on meanwhile, past its commit point, finished or failed by another, is
 * left as it is). Returns the runs moved.
 */
export async function endRuns(
  q: Db | Tx,
  runs: readonly { id: string; state: OpenRunState }[],
  event: Extract<RunEvent, 'fail' | 'hold' | 'give_up'>,
  errorMessage: string,
  figures: RunFigures = {},
): Promise<string[]> {
  if (runs.length === 0) return [];
  const ends = new Set(runs.map((r) => nextRunState(r.state, event)));
  const [status] = ends;
  if (ends.size !== 1 || !status) throw new Error(`no single '${event}' move from ${runs.map((r) => r.state).join(', ')}`);
  const moved = await q
    .update(syncRuns)
    .set({ ...figures, status: status as SyncRunStatus, phase: 'done', finishedAt: new Date(), errorMessage, stagedApply: null })
    .where(and(inArray(syncRuns.id, runs.map((r) => r.id)), or(...openStatesMoving(event, status).map(isIn))))
    .returning({ id: syncRuns.id });
  return moved.map((r) => r.id);
}
