import { useQuery } from '@tanstack/react-query';
import { useBusinessTimeZone } from '@web/features/auth/api/use-me';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { syncRunsQueryOptions } from '../api/sync-runs';
import type { SyncRun } from '../api/types';
import { formatCount, formatDateTime } from '../lib/format';

const triggerLabel: Record<SyncRun['trigger'], string> = { manual: 'Sync now', schedule: 'Automatic', upload: 'CSV upload', setup: 'Set-up' };

/**
 * A held-back run that a later run has passed (one that applied, or a later hold that asks again): nothing is left to
 * confirm about it. A later failed run passes nothing: the hold still stands.
 */
export function isPassedHold(list: readonly SyncRun[], index: number): boolean {
  return list[index]?.status === 'needs_confirmation' && list.slice(0, index).some((r) => r.status === 'ok' || r.status === 'needs_confirmation');
}

export function SyncStatusBadge({ status, passed = false }: { status: SyncRun['status']; passed?: boolean }) {
  if (status === 'ok') return <Badge variant="success">Applied</Badge>;
  if (status === 'running') return <Badge variant="info">Running</Badge>;
  if (status === 'needs_confirmation') return passed ? <Badge variant="secondary">Held back</Badge> : <Badge variant="warning">Needs confirmation</Badge>;
  return <Badge variant="danger">Failed</Badge>;
}

/**
 * What one run did, in words: '12 read · 3 new · 1 updated · 8 unchanged · 2 skipped · 1 removed'. A run held back
 * by the drop guard, or a check (`prospective`), changed nothing, so its changes read as what it would do: 'would
 * remove 6'.
 */
export function runCounts(run: SyncRun, prospective = false): string {
  // A run held back, or a check (a dry run), changed nothing: what it would do.
  const held = prospective || run.status === 'needs_confirmation';
  const parts = [`${formatCount(run.rowsRead)} read`];
  if (run.imported) parts.push(held ? `would add ${formatCount(run.imported)}` : `${formatCount(run.imported)} new`);
  if (run.updated) parts.push(held ? `would update ${formatCount(run.updated)}` : `${formatCount(run.updated)} updated`);
  if (run.restored) parts.push(held ? `would restore ${formatCount(run.restored)}` : `${formatCount(run.restored)} restored`);
  parts.push(`${formatCount(run.unchanged)} unchanged`);
  if (run.skipped) parts.push(`${formatCount(run.skipped)} skipped`);
  if (run.removed) parts.push(held ? `would remove ${formatCount(run.removed)}` : `${formatCount(run.removed)} removed`);
  return parts.join(' · ');
}

/** Skipped rows with their reasons, and the sheet's warnings. */
export function RunDetails({ run }: { run: SyncRun }) {
  if (run.skippedRows.length === 0 && run.warnings.length === 0) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-link">
        Details ({run.skipped > 0 ? `${formatCount(run.skipped)} skipped ${run.skipped === 1 ? 'row' : 'rows'}` : ''}
        {run.skipped > 0 && run.warnings.length > 0 ? ', ' : ''}
        {run.warnings.length > 0 ? `${run.warnings.length} ${run.warnings.length === 1 ? 'warning' : 'warnings'}` : ''})
      </summary>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
        {run.warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
        {run.skippedRows.slice(0, 50).map((s) => (
          <li key={s.row}>
            Row {s.row}: {s.reason}
          </li>
        ))}
        {run.skippedRows.length > 50 ? <li>...and {formatCount(run.skipped - 50)} more</li> : null}
      </ul>
    </details>
  );
}

/** The portal's latest syncs and imports, newest first, with counts and errors. */
export function SyncHistory({ portalId }: { portalId: string }) {
  const runs = useQuery(syncRunsQueryOptions(portalId));
  const timeZone = useBusinessTimeZone();
  const list = runs.data?.syncs ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Sync History</CardTitle>
        <CardDescription>The latest syncs and imports of this portal.</CardDescription>
      </CardHeader>
      <CardContent>
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{runs.isPending ? 'Loading...' : 'No syncs yet.'}</p>
        ) : (
          <ol className="divide-y divide-border" aria-label="Sync history">
            {list.slice(0, 10).map((run, i) => (
              <li key={run.id ?? i} className="py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <SyncStatusBadge status={run.status} passed={isPassedHold(list, i)} />
                  <span className="text-sm font-medium">{triggerLabel[run.trigger]}</span>
                  <time className="text-sm text-muted-foreground" dateTime={run.startedAt}>
                    {formatDateTime(run.startedAt, timeZone)}
                  </time>
                </div>
                {run.status === 'running' ? (
                  <p className="mt-1 text-sm text-muted-foreground">
                    {run.rowsTotal > 0 ? `${formatCount(run.rowsProcessed)} of ${formatCount(run.rowsTotal)} rows` : 'Starting...'}
                  </p>
                ) : run.status === 'failed' && run.rowsRead === 0 ? null : (
                  <p className="mt-1 text-sm text-muted-foreground">{runCounts(run)}</p>
                )}
                {run.error ? <p className={`mt-1 text-sm ${isPassedHold(list, i) ? 'text-muted-foreground' : 'text-destructive'}`}>{run.error}</p> : null}
                <RunDetails run={run} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
