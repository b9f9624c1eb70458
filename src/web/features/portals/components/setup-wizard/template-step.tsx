import { DownloadIcon } from 'lucide-react';
import { templateHeaders, templateRows } from '@core/sheet-template';
import { Spinner } from '@web/components/spinner';
import { Button } from '@web/components/ui/button';
import { templateCsvPath } from '../../api/use-import-csv';
import { PreviewTable } from './preview-table';

/** Step 2 for the template method: the template's columns with a 2-row preview, its download, Setup Complete. */
export function TemplateStep({ pending, onComplete, onBack }: { pending: boolean; onComplete: () => void; onBack: () => void }) {
  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <h3 className="font-semibold">The client sheet template</h3>
        <p className="text-sm text-muted-foreground">
          Seven columns: {templateHeaders.join(', ')}. Download it, open it in Google Sheets or Excel and replace the five sample clients with
          yours; then connect the sheet or upload it here.
        </p>
      </div>
      <PreviewTable headers={templateHeaders} rows={templateRows().slice(0, 2)} caption="Template preview: the first 2 sample rows" />
      <Button variant="outline" asChild>
        <a href={templateCsvPath} download="client-status-template.csv">
          <DownloadIcon aria-hidden="true" /> Download Template (CSV)
        </a>
      </Button>
      <p className="text-sm text-muted-foreground">
        Setup Complete loads the five sample clients into this portal so you can try it now. Replace them any time by connecting your sheet or
        uploading your filled-in template.
      </p>
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onComplete} disabled={pending}>
          {pending ? <Spinner /> : null} Setup Complete
        </Button>
      </div>
    </div>
  );
}
