import { Spinner } from '@web/components/spinner';
import type { SyncPhase, SyncRun } from '../api/types';
import { formatCount } from '../lib/format';

const phaseLabel: Record<SyncPhase, string> = {
  fetching: 'Reading the source',
  reading: 'Reading the rows',
  checking: 'Checking every row',
  writing: 'Saving',
  done: 'Done',
};

/** A running sync or import: its phase and rows processed, as a progress bar (issue 4 item 9). */
export function SyncProgress({ run, label = 'Import in progress' }: { run: SyncRun | undefined; label?: string }) {
  // Every row checked means the run is saving now. On the embedded database the save holds its one connection, so
  // the next progress answer may only come once it is done: say "Saving" (without a row count) meanwhile, rather
  // than leave "Checking every row: 30,000 of 30,000" standing for seconds.
  const saving = run !== undefined && (run.phase === 'writing' || (run.phase === 'checking' && run.rowsTotal > 0 && run.rowsProcessed >= run.rowsTotal));
  const phase = saving && run.phase === 'checking' ? 'writing' : run?.phase;
  const counted = !(saving && run.phase === 'checking');
  const total = counted ? (run?.rowsTotal ?? 0) : 0;
  const done = run?.rowsProcessed ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : null;
  return (
    <div className="space-y-2 rounded-lg border border-border bg-muted/40 p-4" role="status" aria-live="polite">
      <p className="flex items-center gap-2 text-sm font-medium">
        <Spinner /> {label}
        {phase ? `: ${phaseLabel[phase]}` : '...'}
      </p>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
      >
        <div className={`h-full rounded-full bg-primary transition-all ${percent === null ? 'w-1/3 animate-pulse' : ''}`} style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      {total > 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="sync-progress-rows">
          {formatCount(done)} of {formatCount(total)} rows
        </p>
      ) : null}
    </div>
  );
}
