import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CONFIRM_DROP_ERROR } from '@core/api/error-codes';
import { DownloadIcon, ExternalLinkIcon, FileSpreadsheetIcon, RefreshCwIcon, SlidersHorizontalIcon, UploadIcon } from 'lucide-react';
import { mappingFieldLabels } from '@core/column-remap';
import { mappingFields } from '@core/columns';
import { columnLetter } from '@core/sheet-values';
import { Spinner } from '@web/components/spinner';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { useBusinessTimeZone } from '@web/features/auth/api/use-me';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { syncRunsQueryOptions } from '../api/sync-runs';
import type { PortalDetail } from '../api/types';
import { keptFileUrl, useApplyKeptFile } from '../api/use-kept-file';
import { useSyncPortal } from '../api/use-sync-portal';
import { useInvalidatePortal } from '../api/use-invalidate-portal';
import { useUpdatePortal } from '../api/use-update-portal';
import { formatDateTime, formatSize, intervalLabel, relativeTime } from '../lib/format';
import { lastSyncFailed } from '../lib/sync-state';
import { runCounts } from './sync-history';
import { NativeSelect } from './native-select';
import { SyncProgress } from './sync-progress';

const INTERVALS = [5, 15, 30, 60, 180, 360, 720, 1440];

/** The sheet's address, built from its id (not the text the business pasted). */
const sheetLink = (sheetId: string, gid: string | null) =>
  `https://docs.google.com/spreadsheets/d/${encodeURIComponent(sheetId)}/edit${gid ? `#gid=${encodeURIComponent(gid)}` : ''}`;

/** The portal's data source: what it is, when it last synced, its last error, Sync now and the schedule. */
export function SourceCard({ portal, onChangeMapping, onReplace }: { portal: PortalDetail; onChangeMapping: () => void; onReplace: () => void }) {
  const isSheet = portal.source.type === 'google_sheet';
  const sync = useSyncPortal(portal.portalId);
  // A CSV upload held back for its large drop is kept: confirming applies that file (not the portal's sheet).
  const applyHeld = useApplyKeptFile(portal.portalId);
  const update = useUpdatePortal(portal.portalId);
  const busy = sync.isPending || applyHeld.isPending;
  const runs = useQuery(syncRunsQueryOptions(portal.portalId, busy));
  const timeZone = useBusinessTimeZone();
  const latest = runs.data?.syncs[0];
  const running = runs.data?.syncs.find((r) => r.status === 'running');
  // A run that another tab or the scheduler started has ended: read the portal's new state.
  const invalidate = useInvalidatePortal(portal.portalId);
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) void invalidate();
    wasRunning.current = Boolean(running);
  }, [running, invalidate]);
  const lastFailed = lastSyncFailed(portal);
  const needsConfirmation = latest?.status === 'needs_confirmation' || (sync.error instanceof ApiError && sync.error.code === CONFIRM_DROP_ERROR);
  const heldUpload = latest?.status === 'needs_confirmation' && latest.sourceType === 'csv_upload';
  // The kept file is the one this run held back (not an older one, if keeping the newer failed).
  const held = heldUpload && portal.uploads.held?.runId === latest.id ? portal.uploads.held : null;
  const applied = portal.uploads.applied;
  // The last of the two actions speaks (each starts by clearing the other's answer).
  const outcome = applyHeld.isIdle ? sync : applyHeld;
  const syncNow = (confirmDrop?: boolean) => {
    applyHeld.reset();
    sync.mutate(confirmDrop ? { confirmDrop } : {});
  };
  const confirmHeld = (file: { sha256: string }) => {
    sync.reset();
    applyHeld.mutate({ slot: 'held', confirmDrop: true, expectedSha256: file.sha256 });
  };
  /** An answer that changed nothing and recorded no run (another sync running, the file changed): said by itself. */
  const outcomeError = outcome.isError && !(outcome.error instanceof ApiError && outcome.error.code === CONFIRM_DROP_ERROR) ? outcome.error : null;
  const mapping = portal.source.columnMapping ?? {};
  const headers = portal.source.detectedHeaders;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <FileSpreadsheetIcon aria-hidden="true" className="size-5 text-primary" /> Data Source
        </CardTitle>
        <CardDescription>
          {isSheet ? 'A Google Sheet, synced automatically.' : portal.source.setupMethod === 'template' ? 'Started from the template (CSV).' : 'An uploaded CSV file.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 [&>div]:min-w-0">
          {isSheet && portal.source.sheetId ? (
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-muted-foreground">Sheet</dt>
              <dd className="min-w-0">
                <a href={sheetLink(portal.source.sheetId, portal.source.gid)} target="_blank" rel="noopener noreferrer" className="break-all text-link underline-offset-4 hover:underline">
                  {sheetLink(portal.source.sheetId, portal.source.gid)}
                  <ExternalLinkIcon aria-hidden="true" className="ml-1 inline size-3.5 align-[-2px]" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </dd>
            </div>
          ) : null}
          {!isSheet && applied ? (
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-muted-foreground">File</dt>
              <dd className="min-w-0">
                <a href={keptFileUrl(portal.portalId)} download className="break-all font-medium text-link underline-offset-4 hover:underline">
                  <DownloadIcon aria-hidden="true" className="mr-1 inline size-3.5 align-[-2px]" />
                  {applied.fileName ?? 'Uploaded file'}
                  <span className="sr-only"> (download)</span>
                </a>{' '}
                <span className="text-muted-foreground">
                  ({formatSize(applied.size)}, uploaded {formatDateTime(applied.uploadedAt, timeZone)})
                </span>
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-muted-foreground">Last good sync</dt>
            <dd className="font-medium" title={formatDateTime(portal.sync.lastSyncedAt, timeZone)}>
              {relativeTime(portal.sync.lastSyncedAt, timeZone)}
            </dd>
          </div>
          {isSheet ? (
            <div>
              <dt className="text-muted-foreground">Next automatic sync</dt>
              <dd className="font-medium">{portal.sync.nextSyncAt ? formatDateTime(portal.sync.nextSyncAt, timeZone) : 'Not scheduled'}</dd>
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">Columns</dt>
            <dd>
              <ul className="mt-1 flex flex-wrap gap-2">
                {mappingFields
                  .filter((f) => mapping[f] !== undefined)
                  .map((f) => (
                    <li key={f} className="rounded-md bg-muted px-2 py-1 text-xs">
                      <span className="font-medium">{mappingFieldLabels[f]}</span>: {columnLetter(mapping[f]!)} {headers[mapping[f]!] ? `“${headers[mapping[f]!]}”` : ''}
                    </li>
                  ))}
              </ul>
            </dd>
          </div>
        </dl>

        {needsConfirmation && !busy ? (
          <Alert>
            <AlertTitle>Large drop held back</AlertTitle>
            <AlertDescription>
              <p>{latest?.status === 'needs_confirmation' ? latest.error : errorMessage(sync.error)}</p>
              <LastGoodSync at={portal.sync.lastSyncedAt} />
              {held ? (
                <>
                  <p className="mt-1">
                    The file held back:{' '}
                    <a href={keptFileUrl(portal.portalId, 'held')} download className="break-all text-link underline-offset-4 hover:underline">
                      {held.fileName ?? 'uploaded file'}
                    </a>{' '}
                    ({formatSize(held.size)}, uploaded {formatDateTime(held.uploadedAt, timeZone)}).
                  </p>
                  <Button size="sm" variant="destructive" className="mt-3" onClick={() => confirmHeld(held)}>
                    Apply anyway
                  </Button>
                </>
              ) : heldUpload || !isSheet ? (
                <p className="mt-1">Upload the file again and confirm to apply it.</p>
              ) : (
                <Button size="sm" variant="destructive" className="mt-3" onClick={() => syncNow(true)}>
                  Apply anyway
                </Button>
              )}
            </AlertDescription>
          </Alert>
        ) : lastFailed ? (
          <Alert variant="destructive">
            <AlertTitle>The last sync failed{portal.sync.lastErrorAt ? ` (${formatDateTime(portal.sync.lastErrorAt, timeZone)})` : ''}</AlertTitle>
            <AlertDescription>
              <p>{portal.sync.lastError}</p>
              <LastGoodSync at={portal.sync.lastSyncedAt} />
            </AlertDescription>
          </Alert>
        ) : null}

        {busy || running ? <SyncProgress run={running} label={applyHeld.isPending ? 'Importing the file' : 'Sync in progress'} /> : null}
        {outcome.isSuccess && !busy ? (
          <Alert variant="success">
            <AlertDescription>
              {outcome === applyHeld ? 'Imported' : 'Synced'}: {runCounts(outcome.data)}.
            </AlertDescription>
          </Alert>
        ) : null}
        {outcomeError && !busy && (!lastFailed || outcome === applyHeld) ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(outcomeError)}</AlertDescription>
          </Alert>
        ) : null}

        <div className="flex flex-wrap items-end gap-3">
          {isSheet ? (
            <Button onClick={() => syncNow()} disabled={busy || Boolean(running)}>
              {sync.isPending ? <Spinner /> : <RefreshCwIcon aria-hidden="true" />} Sync now
            </Button>
          ) : null}
          {isSheet || applied ? (
            <Button variant="outline" onClick={onChangeMapping} disabled={busy || Boolean(running)}>
              <SlidersHorizontalIcon aria-hidden="true" /> Change column mapping
            </Button>
          ) : null}
          <Button variant="outline" onClick={onReplace}>
            <UploadIcon aria-hidden="true" /> {isSheet ? 'Use another source' : 'Upload a new file'}
          </Button>
        </div>

        {isSheet ? (
          <div className="max-w-xs space-y-2">
            <Label htmlFor="sync-interval">Sync automatically</Label>
            <NativeSelect
              id="sync-interval"
              value={portal.sync.intervalMinutes}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ syncIntervalMinutes: Number(e.target.value) })}
            >
              {INTERVALS.map((m) => (
                <option key={m} value={m}>
                  {intervalLabel(m)}
                </option>
              ))}
            </NativeSelect>
            {update.isError ? <p className="text-sm text-destructive">{errorMessage(update.error)}</p> : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function LastGoodSync({ at }: { at: string | null }) {
  const timeZone = useBusinessTimeZone();
  return (
    <p className="mt-1 font-medium">
      {at ? `Your portal shows the data of the last good sync, ${formatDateTime(at, timeZone)}.` : 'No sync has applied yet.'}
    </p>
  );
}
