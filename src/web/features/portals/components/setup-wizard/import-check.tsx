import { CheckCircle2Icon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Spinner } from '@web/components/spinner';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { ApiError, errorMessage } from '@web/lib/api-client';
import type { ImportReport } from '../../api/types';
import { RunDetails, runCounts } from '../sync-history';

/** The check of step 3, as the wizard holds it: pending while the mapping settles or the data is read. */
export interface ImportCheckState {
  pending: boolean;
  data: ImportReport | undefined;
  error: unknown;
  /** Reads the data again (the sheet was fixed meanwhile). */
  again: () => void;
}

/**
 * A check that Finalize would fail the same way: the data cannot be imported with this mapping (a client id on two
 * rows, a mapped column missing). Other failures (Google down, the connection) only mean the check could not run.
 */
export function checkBlocksFinalize(error: unknown): boolean {
  return error instanceof ApiError && error.status === 422;
}

/**
 * What Finalize would do with the chosen columns, read on the server without saving: the counts, rows skipped and
 * why, the warnings (dates not read, the first named), a large drop to confirm, or why the data cannot be imported
 * as mapped.
 */
export function ImportCheck({ check, shownAbove }: { check: ImportCheckState; shownAbove: readonly string[] }) {
  const { pending, data, error } = check;
  // The file's own warnings (headers, row widths) are on the step already.
  const warnings = data ? data.warnings.filter((w) => !shownAbove.includes(w)) : [];
  return (
    <section aria-label="Check with these columns" aria-busy={pending} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Check with these columns</h3>
        {!pending && (data || error) ? (
          <Button variant="ghost" size="sm" onClick={check.again}>
            <RefreshCwIcon aria-hidden="true" /> Check again
          </Button>
        ) : null}
      </div>
      {pending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Reading your data with these columns...
        </p>
      ) : error ? (
        checkBlocksFinalize(error) ? (
          <Alert variant="destructive">
            <TriangleAlertIcon aria-hidden="true" />
            <AlertTitle>This data cannot be imported as mapped</AlertTitle>
            <AlertDescription>{errorMessage(error)} Fix it in the sheet and check again, or upload the corrected file.</AlertDescription>
          </Alert>
        ) : (
          <p className="text-sm text-muted-foreground" role="status">
            Could not check the data now ({errorMessage(error)}). Finalize Setup checks it again.
          </p>
        )
      ) : data ? (
        <div className="space-y-2" role="status">
          {data.status === 'needs_confirmation' ? (
            <Alert>
              <TriangleAlertIcon aria-hidden="true" />
              <AlertTitle>A large drop: Finalize Setup will ask you to confirm</AlertTitle>
              <AlertDescription>{data.error}</AlertDescription>
            </Alert>
          ) : (
            <p className="flex gap-2 text-sm">
              <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              <span>
                Ready to import: <span data-testid="check-counts">{runCounts(data, true)}</span>.
              </span>
            </p>
          )}
          {warnings.length > 0 ? (
            <ul className="space-y-1 text-sm" aria-label="Check warnings">
              {warnings.map((w) => (
                <li key={w} className="flex gap-2">
                  <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" /> {w}
                </li>
              ))}
            </ul>
          ) : null}
          {data.skippedRows.length > 0 ? <RunDetails run={{ ...data, warnings: [] }} /> : null}
        </div>
      ) : null}
    </section>
  );
}
