// A sync run's states and the moves between them (docs/sheet-sync.md, "Recovery"). Pure: the server's
// run-recovery.ts makes each move in the database; this says which moves exist and what recovery does with a run
// that stopped (its process died, lost the portal's lease, or threw).

/**
 * Where a run is. `running`: reading, planning or writing (in one transaction, or a first import in steps);
 * `staged`: a large change's rows copied into tables of its own, before its commit point (embedded database);
 * `committed`: past that point, its staged rows being applied in steps; `ok` and `failed` are final
 * (`needs_confirmation` too: a run held back for a large drop, to be sent again with a confirmation).
 */
export type RunState = 'running' | 'staged' | 'committed' | 'ok' | 'failed' | 'needs_confirmation';

/** A run that has not ended: what recovery finds when its process is gone. */
export type OpenRunState = Extract<RunState, 'running' | 'staged' | 'committed'>;

/**
 * What moves a run: `stage` (its rows go into its tables), `commit` (the commit point), `apply` (written: in one
 * transaction, or the last staged step), `fail` (an error before the commit point, or a run found stopped there),
 * `hold` (a large drop that needs a confirmation), `give_up` (a committed apply that could not be finished).
 */
export type RunEvent = 'stage' | 'commit' | 'apply' | 'fail' | 'hold' | 'give_up';

const MOVES: Readonly<Record<RunState, Partial<Record<RunEvent, RunState>>>> = {
  running: { stage: 'staged', apply: 'ok', fail: 'failed', hold: 'needs_confirmation' },
  staged: { commit: 'committed', fail: 'failed' },
  // Past the commit point nothing is undone: the apply is finished, or given up after MAX_FINISH_ATTEMPTS.
  committed: { apply: 'ok', give_up: 'failed' },
  ok: {},
  failed: {},
  needs_confirmation: {},
};

/** The state `event` moves a run in `from` to, or null when that move does not exist. */
export function nextRunState(from: RunState, event: RunEvent): RunState | null {
  return MOVES[from][event] ?? null;
}

const OPEN_STATES: readonly OpenRunState[] = ['running', 'staged', 'committed'];

/** The open states from which `event` moves a run to `to`: where a run may be for that move to be made. */
export function openStatesMoving(event: RunEvent, to: RunState): OpenRunState[] {
  return OPEN_STATES.filter((from) => nextRunState(from, event) === to);
}

/** A run's state from its row: its status, and for a running one how far its staged apply (if any) has got. */
export function runStateOf(run: { status: 'running' | 'ok' | 'failed' | 'needs_confirmation'; stagedApply: { committed: boolean } | null }): RunState {
  if (run.status !== 'running') return run.status;
  if (!run.stagedApply) return 'running';
  return run.stagedApply.committed ? 'committed' : 'staged';
}

/** Clean-ups that may fail to finish one committed apply before it is given up. */
export const MAX_FINISH_ATTEMPTS = 3;

/**
 * What recovery does with a run found open while nobody runs it: before its commit point it is failed, its staged
 * tables dropped and the clients a first import wrote in steps deleted (its portal had none); past it, finished.
 */
export type StoppedRunPlan = { action: 'finish' } | { action: 'fail'; dropStaged: boolean; undoSteps: boolean };

export function stoppedRunPlan(state: OpenRunState, insertsInSteps: boolean): StoppedRunPlan {
  if (state === 'committed') return { action: 'finish' };
  return { action: 'fail', dropStaged: state === 'staged', undoSteps: insertsInSteps };
}

/** After a clean-up's `attempts`-th failed try to finish a committed apply: try again at the next clean-up, or give up. */
export function afterFailedFinish(attempts: number): 'retry' | 'give_up' {
  return attempts < MAX_FINISH_ATTEMPTS ? 'retry' : 'give_up';
}

/**
 * What the catch path does with its own run when it throws: past the commit point it is left committed (finished
 * by the next run of the portal or the clean-up); still holding the lease, its steps are undone and its failure
 * recorded (`hold` for a large drop); having lost the lease, it is left for the lease's holder, who undoes it.
 */
export type CaughtRunPlan = 'leave_committed' | 'undo_and_record' | 'leave_to_holder';

export function caughtRunPlan(state: OpenRunState, holdsLease: boolean): CaughtRunPlan {
  if (state === 'committed') return 'leave_committed';
  return holdsLease ? 'undo_and_record' : 'leave_to_holder';
}
