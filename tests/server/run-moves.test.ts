import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OpenRunState, RunState } from '@core/sync/run-state';
import { syncRuns, type StagedApply, type SyncRunStatus } from '../../src/server/db/schema';
import { endRuns } from '../../src/server/services/sheet-sync/run-moves';
import { businessWithPortal } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// A run is ended ('fail', 'hold', 'give_up') only from where it really is, by core's table of moves
// (core/sync/run-state.ts): a run given as staged that has passed its commit point meanwhile is never failed.

const t = useTestApp();

/** A run's row in `state`: its status, and for an open one how far its staged apply has got. */
function rowIn(state: RunState): { status: SyncRunStatus; stagedApply: StagedApply | null } {
  const staged = (committed: boolean): StagedApply => ({ tables: [], committed, next: { table: 0, row: 0 }, queueDay: null, settings: null, total: 0 });
  if (state === 'staged' || state === 'committed') return { status: 'running', stagedApply: staged(state === 'committed') };
  return { status: state, stagedApply: null };
}

/** [where the run is, the state it is given as, the move, what it is after]: every end from every state. */
const table: [RunState, OpenRunState, 'fail' | 'hold' | 'give_up', RunState][] = [
  ['running', 'running', 'fail', 'failed'],
  ['staged', 'staged', 'fail', 'failed'],
  ['staged', 'running', 'fail', 'failed'], // staged since it was read: failing it is still a move of the table
  ['committed', 'staged', 'fail', 'committed'], // past its commit point meanwhile: nothing is undone
  ['committed', 'running', 'fail', 'committed'],
  ['ok', 'running', 'fail', 'ok'],
  ['failed', 'staged', 'fail', 'failed'],
  ['needs_confirmation', 'running', 'fail', 'needs_confirmation'],
  ['running', 'running', 'hold', 'needs_confirmation'],
  ['staged', 'running', 'hold', 'staged'],
  ['committed', 'running', 'hold', 'committed'],
  ['ok', 'running', 'hold', 'ok'],
  ['committed', 'committed', 'give_up', 'failed'],
  ['running', 'committed', 'give_up', 'running'],
  ['staged', 'committed', 'give_up', 'staged'],
  ['ok', 'committed', 'give_up', 'ok'],
  ['failed', 'committed', 'give_up', 'failed'],
];

describe('ending runs', () => {
  it.each(table)('a run in %s, given as %s, by %s: %s', async (actual, given, event, after) => {
    const o = await businessWithPortal(t.app);
    const [run] = await t.app.ctx.db
      .insert(syncRuns)
      .values({ portalId: o.portalId, trigger: 'upload', sourceType: 'csv_upload', phase: 'writing', startedAt: new Date(), ...rowIn(actual) })
      .returning({ id: syncRuns.id });
    const moved = await endRuns(t.app.ctx.db, [{ id: run!.id, state: given }], event, 'ended by the test');
    expect(moved).toEqual(after === actual ? [] : [run!.id]);
    const [row] = await t.app.ctx.db.select({ status: syncRuns.status, stagedApply: syncRuns.stagedApply }).from(syncRuns).where(eq(syncRuns.id, run!.id));
    expect(row).toEqual(rowIn(after));
  });

  it('refuses a move the table does not have from the state given (a committed run is never failed)', async () => {
    await expect(endRuns(t.app.ctx.db, [{ id: crypto.randomUUID(), state: 'committed' }], 'fail', 'no')).rejects.toThrow("no single 'fail' move from committed");
    await expect(endRuns(t.app.ctx.db, [{ id: crypto.randomUUID(), state: 'running' }, { id: crypto.randomUUID(), state: 'committed' }], 'give_up', 'no')).rejects.toThrow(
      "no single 'give_up' move from running, committed",
    );
  });
});
