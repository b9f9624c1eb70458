import { describe, expect, it } from 'vitest';
import type { SyncRun } from '../api/types';
import { runCounts } from './sync-history';

const run = (over: Partial<SyncRun>): SyncRun => ({ rowsRead: 2, imported: 0, updated: 0, unchanged: 2, skipped: 0, removed: 0, restored: 0, status: 'ok', ...over }) as SyncRun;

describe('runCounts', () => {
  it('says what an applied run did', () => {
    expect(runCounts(run({ rowsRead: 12, imported: 3, updated: 1, unchanged: 8, removed: 1 }))).toBe('12 read · 3 new · 1 updated · 8 unchanged · 1 removed');
  });

  it("says what a run held back by the drop guard would have done: it changed nothing", () => {
    expect(runCounts(run({ status: 'needs_confirmation', removed: 6, imported: 1 }))).toBe('2 read · would add 1 · 2 unchanged · would remove 6');
  });
});
