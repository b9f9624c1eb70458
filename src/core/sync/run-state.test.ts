import { describe, expect, it } from 'vitest';
import { afterFailedFinish, caughtRunPlan, MAX_FINISH_ATTEMPTS, nextRunState, openStatesMoving, runStateOf, stoppedRunPlan, type RunEvent, type RunState } from './run-state';

const states: RunState[] = ['running', 'staged', 'committed', 'ok', 'failed', 'needs_confirmation'];
const events: RunEvent[] = ['stage', 'commit', 'apply', 'fail', 'hold', 'give_up'];

/** Every move a run can make; any other (state, event) pair is no move. */
const moves: [RunState, RunEvent, RunState][] = [
  ['running', 'stage', 'staged'],
  ['running', 'apply', 'ok'],
  ['running', 'fail', 'failed'],
  ['running', 'hold', 'needs_confirmation'],
  ['staged', 'commit', 'committed'],
  ['staged', 'fail', 'failed'],
  ['committed', 'apply', 'ok'],
  ['committed', 'give_up', 'failed'],
];

describe('where a run may be for a move to be made', () => {
  it.each([
    ['fail', 'failed', ['running', 'staged']],
    ['hold', 'needs_confirmation', ['running']],
    ['give_up', 'failed', ['committed']],
    ['apply', 'ok', ['running', 'committed']],
    ['fail', 'ok', []],
  ] as const)('%s to %s: from %j', (event, to, from) => {
    expect(openStatesMoving(event, to)).toEqual(from);
  });
});

describe('the moves of a run', () => {
  it.each(moves)('%s --%s--> %s', (from, event, to) => {
    expect(nextRunState(from, event)).toBe(to);
  });

  it('has no other move: past the commit point a run is never failed, a final state never moves', () => {
    const allowed = new Set(moves.map(([from, event]) => `${from} ${event}`));
    for (const from of states) {
      for (const event of events) {
        if (!allowed.has(`${from} ${event}`)) expect(nextRunState(from, event), `${from} ${event}`).toBeNull();
      }
    }
  });
});

describe("a run's state from its row", () => {
  it.each([
    ['running, nothing staged', { status: 'running', stagedApply: null }, 'running'],
    ['running, staged', { status: 'running', stagedApply: { committed: false } }, 'staged'],
    ['running, committed', { status: 'running', stagedApply: { committed: true } }, 'committed'],
    ['ok', { status: 'ok', stagedApply: null }, 'ok'],
    ['failed (its staged tables named still)', { status: 'failed', stagedApply: { committed: false } }, 'failed'],
    ['held for a large drop', { status: 'needs_confirmation', stagedApply: null }, 'needs_confirmation'],
  ] as const)('%s: %s', (_name, row, want) => {
    expect(runStateOf(row)).toBe(want);
  });
});

describe('what recovery does with a run found stopped', () => {
  it.each([
    ['running in one transaction (rolled back)', 'running', false, { action: 'fail', dropStaged: false, undoSteps: false }],
    ['a first import written in steps', 'running', true, { action: 'fail', dropStaged: false, undoSteps: true }],
    ['staged, before its commit point', 'staged', false, { action: 'fail', dropStaged: true, undoSteps: false }],
    ['committed: finished from where it stopped', 'committed', false, { action: 'finish' }],
  ] as const)('%s', (_name, state, insertsInSteps, want) => {
    expect(stoppedRunPlan(state, insertsInSteps)).toEqual(want);
  });

  it(`tries to finish a committed apply ${MAX_FINISH_ATTEMPTS} times, then gives it up`, () => {
    expect([1, 2, 3, 4].map(afterFailedFinish)).toEqual(['retry', 'retry', 'give_up', 'give_up']);
  });
});

describe('what the catch path does with its own run', () => {
  it.each([
    ['running', true, 'undo_and_record'],
    ['staged', true, 'undo_and_record'],
    ['running', false, 'leave_to_holder'],
    ['staged', false, 'leave_to_holder'],
    ['committed', true, 'leave_committed'],
    ['committed', false, 'leave_committed'],
  ] as const)('%s, lease held %s: %s', (state, holdsLease, want) => {
    expect(caughtRunPlan(state, holdsLease)).toBe(want);
  });
});
