import type { SyncPhase, SyncRun } from '../api/types';

const phaseLabel: Record<SyncPhase, string> = {
  fetching: 'Reading the source',
  reading: 'Reading the rows',
  checking: 'Checking every row',
  writing: 'Saving',
  committing: 'Saving the changes',
  done: 'Done',
};

/** What the progress bar of a running sync shows: the phase in words, and rows done of total (0 total: no count). */
export function syncProgressView(run: SyncRun | undefined): { phase: string | null; done: number; total: number } {
  if (!run) return { phase: null, done: 0, total: 0 };
  // Every row checked means the run is saving now. On the embedded database the save holds its one connection, so
  // the next progress answer may only come once it is done: say "Saving" (without a row count) meanwhile, rather
  // than leave "Checking every row: 30,000 of 30,000" standing for seconds.
  if (run.phase === 'checking' && run.rowsTotal > 0 && run.rowsProcessed >= run.rowsTotal) return { phase: phaseLabel.writing, done: 0, total: 0 };
  return { phase: phaseLabel[run.phase], done: run.rowsProcessed, total: run.rowsTotal };
}
