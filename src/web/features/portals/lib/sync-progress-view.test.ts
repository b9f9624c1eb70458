import { describe, expect, it } from 'vitest';
import type { SyncRun } from '../api/types';
import { syncProgressView } from './sync-progress-view';

const run = (phase: SyncRun['phase'], rowsProcessed: number, rowsTotal: number) => ({ phase, rowsProcessed, rowsTotal }) as SyncRun;

describe('syncProgressView', () => {
  it('names the phase and counts the rows', () => {
    expect(syncProgressView(run('checking', 10_000, 30_000))).toEqual({ phase: 'Checking every row', done: 10_000, total: 30_000 });
    expect(syncProgressView(run('writing', 5_000, 30_000))).toEqual({ phase: 'Saving', done: 5_000, total: 30_000 });
    expect(syncProgressView(run('committing', 10_000, 30_000))).toEqual({ phase: 'Saving the changes', done: 10_000, total: 30_000 });
    expect(syncProgressView(undefined)).toEqual({ phase: null, done: 0, total: 0 });
  });

  it('says "Saving" once every row is checked, without a count it cannot follow', () => {
    expect(syncProgressView(run('checking', 30_000, 30_000))).toEqual({ phase: 'Saving', done: 0, total: 0 });
  });
});
