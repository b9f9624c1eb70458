import { AlertTriangleIcon } from 'lucide-react';
import { messages } from '@core/messages';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';

/** The spec's 'Analysis Failed' card (spec 8): the warning and the tips. */
export function AnalysisFailed({ message }: { message: string }) {
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
  const warning = message.startsWith('Failed to access spreadsheet:') ? message : messages.sheets.accessFailed(message);
  return (
    <Alert variant="destructive">
      <AlertTriangleIcon aria-hidden="true" />
      <AlertTitle>{messages.sheets.analysisFailedTitle}</AlertTitle>
      <AlertDescription>
        <p>{warning}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-foreground">
          <li>Share the sheet as &lsquo;Anyone with the link can view&rsquo; (or with a viewer account).</li>
          <li>Check that the URL is the sheet&rsquo;s address.</li>
          <li>Make sure the first row holds the column headers.</li>
          <li>Refresh the sheet, then try again.</li>
        </ul>
      </AlertDescription>
    </Alert>
  );
}
