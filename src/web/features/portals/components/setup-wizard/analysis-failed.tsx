import { AlertTriangleIcon } from 'lucide-react';
import { sheetErrorCode } from '@core/api/error-codes';
import { messages } from '@core/messages';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { ApiError, errorMessage } from '@web/lib/api-client';
import type { ImportSource } from '../../lib/setup-wizard';

/** The spec's tips (spec 8): what usually stops a sheet from being read, its sharing above all. */
const SHARING_TIPS = [
  'Share the sheet as \u2018Anyone with the link can view\u2019 (or with a viewer account).',
  'Check that the URL is the sheet\u2019s address.',
  'Make sure the first row holds the column headers.',
  'Refresh the sheet, then try again.',
];

/**
 * Tips that fit what went wrong, by the server's error code: sharing tips for a missing sheet or a Google outage
 * would send the owner looking for a problem they do not have.
 */
function tipsFor(source: ImportSource, code: string): string[] {
  if (source === 'csv') {
    return [
      'Save or export the sheet as CSV (comma-separated values; choose UTF-8 if your program asks).',
      'Make sure the first row holds the column headers.',
      'Excel workbooks (.xlsx) cannot be read as they are: save a copy as CSV first.',
    ];
  }
  switch (code) {
    case sheetErrorCode('not_found'):
      return [
        'Check that the URL is the sheet\u2019s address, copied whole from the browser tab.',
        'If you chose a tab, check that it still exists: the tab id is the number after #gid= in the address.',
        'If the sheet was deleted or replaced, connect the new one.',
      ];
    case sheetErrorCode('http'):
    case sheetErrorCode('timeout'):
    case sheetErrorCode('unreachable'):
      return ['This is a problem on Google\u2019s side or on the way to it, not in your sheet.', 'Try again in a few minutes.'];
    case sheetErrorCode('too_large'):
      return [
        'Remove rows you no longer need, or move finished clients to another tab.',
        'If the sheet has several tabs, connect only the tab with your clients (its #gid= number).',
      ];
    case sheetErrorCode('not_csv'):
      return [
        'Use the address of a Google Sheet (docs.google.com/spreadsheets/d/...), not of a document or a file.',
        'An Excel file kept in Google Drive must first be saved as a Google Sheet (File > Save as Google Sheets).',
      ];
    default:
      return SHARING_TIPS;
  }
}

/** The spec's 'Analysis Failed' card (spec 8): the warning, and tips that fit the failure and the source. */
export function AnalysisFailed({ source, error }: { source: ImportSource; error: unknown }) {
  const message = errorMessage(error, messages.sheets.analyzeFailed);
  if (message === messages.sheets.idNotFound) {
    // The address has no sheet id: nothing was fetched, so the sharing tips do not apply.
    return (
      <Alert variant="destructive">
        <AlertTriangleIcon aria-hidden="true" />
        <AlertTitle>{messages.sheets.idNotFound}</AlertTitle>
        <AlertDescription>
          <p>The address has no sheet id, the part after /spreadsheets/d/. Copy the whole address from the sheet&rsquo;s browser tab.</p>
        </AlertDescription>
      </Alert>
    );
  }
  // A sheet's warning reads 'Failed to ...' (spec 8); an uploaded file's problem is told as the server words it.
  const warning = source === 'csv' || message.startsWith('Failed to') ? message : messages.sheets.accessFailed(message);
  const code = error instanceof ApiError ? error.code : '';
  return (
    <Alert variant="destructive">
      <AlertTriangleIcon aria-hidden="true" />
      <AlertTitle>{messages.sheets.analysisFailedTitle}</AlertTitle>
      <AlertDescription>
        <p>{warning}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-foreground" aria-label="What to try">
          {tipsFor(source, code).map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
