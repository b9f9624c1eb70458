import { FileUpIcon, SearchIcon } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { messages } from '@core/messages';
import { extractSheetGid, isGoogleSheetsUrl } from '@core/validation/sheet-url';
import { FieldError } from '@web/components/field-error';
import { Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { cn } from '@web/lib/cn';
import { formatCount } from '../../lib/format';
import type { ImportSource } from '../../lib/setup-wizard';
import { AnalysisFailed } from './analysis-failed';

/** Step 2 for an import: a Google Sheet address (and tab), or a CSV file by drag and drop or file picker. */
export function ConnectStep(props: {
  source: ImportSource;
  onSource: (s: ImportSource) => void;
  initialUrl?: string;
  initialGid?: string | null;
  analyzing: boolean;
  /** The failed analysis, if any (its code chooses the tips). */
  error: unknown;
  onAnalyzeSheet: (url: string, gid: string | null) => void;
  /** The address or tab was edited: an answer about the one analysed before no longer applies. */
  onSheetEdited?: () => void;
  onAnalyzeFile: (file: File) => void;
  onBack: () => void;
}) {
  return (
    <div className="space-y-6">
      <div role="tablist" aria-label="Where your client list is" className="inline-flex rounded-lg border border-border p-1">
        {(['sheet', 'csv'] as const).map((s) => (
          <button
            key={s}
            id={`source-tab-${s}`}
            type="button"
            role="tab"
            aria-selected={props.source === s}
            aria-controls="source-panel"
            onClick={() => props.onSource(s)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
              props.source === s ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {s === 'sheet' ? 'Google Sheet' : 'Upload CSV'}
          </button>
        ))}
      </div>
      <div id="source-panel" role="tabpanel" aria-labelledby={`source-tab-${props.source}`}>
        {props.source === 'sheet' ? <SheetForm {...props} /> : <CsvDrop {...props} />}
      </div>
      {props.error ? <AnalysisFailed source={props.source} error={props.error} /> : null}
      <div className="flex justify-start">
        <Button variant="outline" onClick={props.onBack}>
          Back
        </Button>
      </div>
    </div>
  );
}

function SheetForm({ initialUrl, initialGid, analyzing, onAnalyzeSheet, onSheetEdited }: Parameters<typeof ConnectStep>[0]) {
  const [url, setUrl] = useState(initialUrl ?? '');
  const [gid, setGid] = useState(initialGid ?? '');
  const valid = isGoogleSheetsUrl(url);
  const showInvalid = url.trim().length > 0 && !valid;
  const gidInUrl = extractSheetGid(url);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || analyzing) return;
    onAnalyzeSheet(url.trim(), gid.trim() || gidInUrl);
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="space-y-2">
        <Label htmlFor="sheet-url">Google Sheets URL</Label>
        <Input
          id="sheet-url"
          type="url"
          inputMode="url"
          placeholder="https://docs.google.com/spreadsheets/d/..."
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            onSheetEdited?.();
          }}
          aria-invalid={showInvalid ? true : undefined}
          aria-describedby={showInvalid ? 'sheet-url-error' : 'sheet-url-help'}
        />
        {showInvalid ? (
          <FieldError id="sheet-url-error" message={messages.sheets.urlInvalid} />
        ) : (
          <p id="sheet-url-help" className="text-sm text-muted-foreground">
            Share the sheet as &lsquo;Anyone with the link can view&rsquo;, then paste its address.
          </p>
        )}
      </div>
      <div className="max-w-xs space-y-2">
        <Label htmlFor="sheet-gid">Tab id (optional)</Label>
        <Input
          id="sheet-gid"
          inputMode="numeric"
          placeholder={gidInUrl ?? 'First tab'}
          value={gid}
          onChange={(e) => {
            setGid(e.target.value);
            onSheetEdited?.();
          }}
          aria-describedby="sheet-gid-help"
        />
        <p id="sheet-gid-help" className="text-sm text-muted-foreground">
          The number after #gid= in the address of the tab to use. {gidInUrl ? `This address points at tab ${gidInUrl}.` : ''}
        </p>
      </div>
      <Button type="submit" disabled={!valid || analyzing}>
        {analyzing ? <Spinner /> : <SearchIcon aria-hidden="true" />} {analyzing ? 'Analyzing...' : 'Analyze Sheet'}
      </Button>
    </form>
  );
}

function CsvDrop({ analyzing, onAnalyzeFile }: Parameters<typeof ConnectStep>[0]) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  // The server's limit (SHEETS_MAX_MB): a file over it is refused here, before it is sent.
  const maxMb = usePublicConfig().config.uploadMaxMb;
  const take = (file: File | undefined) => {
    if (!file) return;
    setFileName(`${file.name} (${formatCount(Math.ceil(file.size / 1024))} KB)`);
    if (file.size > maxMb * 1024 * 1024) {
      setProblem(messages.sync.fileTooLarge(maxMb));
      return;
    }
    if (!/\.(csv|txt)$/i.test(file.name) && file.type && !/csv|text\/plain|ms-excel/i.test(file.type)) {
      setProblem('Choose a CSV file (in Google Sheets or Excel: File > Download or Save As > CSV).');
      return;
    }
    setProblem(null);
    onAnalyzeFile(file);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files[0]);
  };
  return (
    <div className="space-y-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="csv-dropzone"
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors',
          dragging ? 'border-primary bg-accent' : 'border-border',
        )}
      >
        <FileUpIcon aria-hidden="true" className="size-8 text-primary" />
        <p className="font-medium">Drag and drop your CSV file here</p>
        <p className="text-sm text-muted-foreground">or</p>
        <Label htmlFor={inputId} className="sr-only">
          CSV file
        </Label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button variant="outline" onClick={() => input.current?.click()} disabled={analyzing}>
          {analyzing ? <Spinner /> : null} Choose a file
        </Button>
        <p className="text-xs text-muted-foreground">CSV, up to {maxMb} MB. The first row must hold the column headers.</p>
      </div>
      {fileName ? (
        <p className="text-sm" aria-live="polite">
          {analyzing ? 'Reading ' : 'File: '}
          <span className="font-medium">{fileName}</span>
        </p>
      ) : null}
      {problem ? (
        <Alert variant="destructive">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
