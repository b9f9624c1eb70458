import { describe, expect, it } from 'vitest';
import type { SyncRun } from '../api/types';
import { isPassedHold, runCounts } from './sync-history';

const run = (over: Partial<SyncRun>): SyncRun => ({ rowsRead: 2, imported: 0, updated: 0, unchanged: 2, skipped: 0, removed: 0, restored: 0, status: 'ok', ...over }) as SyncRun;

describe('runCounts', () => {
  it('says what an applied run did', () => {
    expect(runCounts(run({ rowsRead: 12, imported: 3, updated: 1, unchanged: 8, removed: 1 }))).toBe('12 read · 3 new · 1 updated · 8 unchanged · 1 removed');
  });

  it("says what a run held back by the drop guard would have done: it changed nothing", () => {
    expect(runCounts(run({ status: 'needs_confirmation', removed: 6, imported: 1 }))).toBe('2 read · would add 1 · 2 unchanged · would remove 6');
  });
});

describe('isPassedHold', () => {
  it('a held-back run stays to confirm until a later run applies or is held back in its turn; a later failure does not pass it', () => {
    const held = run({ status: 'needs_confirmation' });
    expect(isPassedHold([held], 0)).toBe(false);
    expect(isPassedHold([run({ status: 'failed' }), held], 1)).toBe(false);
    expect(isPassedHold([run({ status: 'failed' }), run({ status: 'needs_confirmation' }), held], 2)).toBe(true);
    expect(isPassedHold([run({ status: 'failed' }), run({ status: 'needs_confirmation' }), held], 1)).toBe(false);
    expect(isPassedHold([run({ status: 'ok' }), held], 1)).toBe(true);
    expect(isPassedHold([held, run({ status: 'ok' })], 0)).toBe(false);
    expect(isPassedHold([run({ status: 'ok' })], 0)).toBe(false);
  });
});
