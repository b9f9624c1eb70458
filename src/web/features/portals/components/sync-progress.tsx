import { Spinner } from '@web/components/spinner';
import type { SyncRun } from '../api/types';
import { formatCount } from '../lib/format';
import { syncProgressView } from '../lib/sync-progress-view';

/** A running sync or import: its phase and rows processed, as a progress bar (issue 4 item 9). */
export function SyncProgress({ run, label = 'Import in progress' }: { run: SyncRun | undefined; label?: string }) {
  const { phase, done, total } = syncProgressView(run);
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : null;
  return (
    <div className="space-y-2 rounded-lg border border-border bg-muted/40 p-4" role="status" aria-live="polite">
      <p className="flex items-center gap-2 text-sm font-medium">
        <Spinner /> {label}
        {phase ? `: ${phase}` : '...'}
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
