import { useQuery } from '@tanstack/react-query';
import { XIcon } from 'lucide-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import type { ColumnMapping } from '@core/columns';
import { CONFIRM_DROP_ERROR } from '@core/api/error-codes';
import { templateCsv } from '@core/sheet-template';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { LoadingState } from '@web/components/spinner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { syncRunsQueryOptions } from '../../api/sync-runs';
import type { ImportReport, PortalDetail } from '../../api/types';
import { useAnalyzeCsv } from '../../api/use-analyze-csv';
import { useAnalyzeSheet } from '../../api/use-analyze-sheet';
import { useImportCheck, type CheckSource } from '../../api/use-import-check';
import { useImportCsv } from '../../api/use-import-csv';
import { useAnalyzeKeptFile, useApplyKeptFile } from '../../api/use-kept-file';
import { useSaveSheetSource } from '../../api/use-save-sheet-source';
import { canFinalize, initialWizardState, wizardReducer, type WizardState } from '../../lib/setup-wizard';
import { SyncProgress } from '../sync-progress';
import { ChooseMethodStep } from './choose-method-step';
import { CompleteStep } from './complete-step';
import { ConnectStep } from './connect-step';
import { MapColumnsStep } from './map-columns-step';
import { StepIndicator } from './step-indicator';
import { TemplateStep } from './template-step';

/** Why the wizard is open: a first set-up, a new mapping for the connected sheet or for the kept file, or a new file. */
export type WizardIntent = { kind: 'new' } | { kind: 'change-mapping'; sheetUrl: string; gid: string | null } | { kind: 'remap-file' } | { kind: 'upload' };

const TEMPLATE_MAPPING: ColumnMapping = { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 };

function initialState(intent: WizardIntent, dateOrder: 'mdy' | 'dmy'): WizardState {
  if (intent.kind === 'change-mapping') return initialWizardState({ step: 2, method: 'import', source: 'sheet', dateOrder });
  if (intent.kind === 'upload' || intent.kind === 'remap-file') return initialWizardState({ step: 2, method: 'import', source: 'csv', dateOrder });
  return initialWizardState({ dateOrder });
}

/** The four-step sheet set-up wizard of spec 2.15, working against the portal's API. */
export function SetupWizard({ portal, intent, onClose }: { portal: PortalDetail; intent: WizardIntent; onClose?: () => void }) {
  const id = portal.portalId;
  const [state, dispatch] = useReducer(wizardReducer, initialState(intent, portal.source.dateOrder));
  const [file, setFile] = useState<File | null>(null);
  const [dropMessage, setDropMessage] = useState<string | null>(null);
  const analyzeSheet = useAnalyzeSheet(id);
  const analyzeCsv = useAnalyzeCsv(id);
  const save = useSaveSheetSource(id);
  const importCsv = useImportCsv(id);
  // Re-opened on a CSV portal to change its mapping: the portal's kept file is read again, no upload needed.
  const analyzeKept = useAnalyzeKeptFile(id);
  const applyKept = useApplyKeptFile(id);
  /** The kept file being re-mapped (its sha256, so a file uploaded meanwhile elsewhere is not the one applied). */
  const [keptFile, setKeptFile] = useState<string | null>(null);
  const finalizing = save.isPending || importCsv.isPending || applyKept.isPending;
  const runs = useQuery(syncRunsQueryOptions(id, finalizing));
  const running = finalizing ? runs.data?.syncs.find((r) => r.status === 'running') : undefined;
  const heading = useRef<HTMLHeadingElement>(null);

  // Move focus to the step's heading when the step changes (not on first render).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) firstRender.current = false;
    else heading.current?.focus();
  }, [state.step]);

  const analyzeSheetNow = (url: string, gid: string | null) => {
    analyzeCsv.reset();
    analyzeKept.reset();
    analyzeSheet.mutate(
      { sheetUrl: url, gid },
      { onSuccess: (analysis) => dispatch({ type: 'analyzed', analysis, sheet: { url, gid: gid ?? analysis.gid } }) },
    );
  };
  const analyzeFileNow = (f: File) => {
    analyzeSheet.reset();
    analyzeKept.reset();
    setKeptFile(null);
    setFile(f);
    analyzeCsv.mutate(f, { onSuccess: (analysis) => dispatch({ type: 'analyzed', analysis, fileName: f.name }) });
  };

  // Re-opened to change the mapping of the connected sheet or of the kept file: read it again at once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    if (intent.kind === 'change-mapping') {
      started.current = true;
      analyzeSheetNow(intent.sheetUrl, intent.gid);
    } else if (intent.kind === 'remap-file') {
      started.current = true;
      const kept = portal.uploads.applied;
      analyzeKept.mutate(undefined, {
        onSuccess: (analysis) => {
          setKeptFile(kept?.sha256 ?? null);
          dispatch({ type: 'analyzed', analysis, fileName: kept?.fileName ?? 'uploaded earlier' });
        },
      });
    }
  });

  // A held-back drop or a failed Finalize belongs to the step, method and data it came from: leaving them (Back,
  // another method or source, another file or sheet) clears it, so no answer is shown under data it is not about.
  const { reset: resetSave } = save;
  const { reset: resetImport } = importCsv;
  const { reset: resetApplyKept } = applyKept;
  useEffect(() => {
    setDropMessage(null);
    resetSave();
    resetImport();
    resetApplyKept();
  }, [state.step, state.method, state.source, state.analysis, resetSave, resetImport, resetApplyKept]);

  const onFinished = (report: ImportReport) => {
    setDropMessage(null);
    dispatch({ type: 'finished', report });
  };
  const onFailed = (error: unknown) => {
    if (error instanceof ApiError && error.code === CONFIRM_DROP_ERROR) setDropMessage(error.message);
  };
  /** What step 3 read, and what Finalize (and the check before it) imports: the sheet, a new file, or the kept file. */
  const source: CheckSource | null = state.sheet
    ? { kind: 'sheet', url: state.sheet.url, gid: state.sheet.gid }
    : file
      ? { kind: 'file', file }
      : keptFile
        ? { kind: 'kept', sha256: keptFile }
        : null;
  const finalize = (confirmDrop = false) => {
    const options = { columnMapping: state.mapping, dateOrder: state.dateOrder, confirmDrop };
    if (source?.kind === 'sheet') save.mutate({ sheetUrl: source.url, gid: source.gid, ...options }, { onSuccess: (r) => onFinished(r.sync), onError: onFailed });
    else if (source?.kind === 'file') importCsv.mutate({ file: source.file, setupMethod: 'import', ...options }, { onSuccess: onFinished, onError: onFailed });
    else if (source?.kind === 'kept') applyKept.mutate({ expectedSha256: source.sha256, ...options }, { onSuccess: onFinished, onError: onFailed });
  };
  // Step 3 checks the data with the chosen columns (as Finalize would, nothing saved) once the mapping can finalize.
  const check = useImportCheck(id, source, state.analysis, state.mapping, state.dateOrder, state.step === 3 && !finalizing && canFinalize(state.mapping));
  const completeTemplate = (confirmDrop = false) =>
    importCsv.mutate(
      { file: templateCsv(), fileName: 'client-status-template.csv', columnMapping: TEMPLATE_MAPPING, setupMethod: 'template', confirmDrop },
      { onSuccess: onFinished, onError: onFailed },
    );

  const analyzeError = state.source === 'sheet' ? analyzeSheet.error : (analyzeCsv.error ?? analyzeKept.error);
  const finalizeError = (state.step === 3 || state.step === 2) && !dropMessage ? (save.error ?? importCsv.error ?? applyKept.error) : null;
  const title = state.step === 1 ? 'Choose Method' : state.step === 2 ? (state.method === 'template' ? 'Get Template' : 'Connect Sheet') : state.step === 3 ? 'Map Columns' : 'Complete';

  return (
    <Card>
      <CardHeader className="relative">
        <CardTitle className={onClose ? 'pr-10' : undefined}>Set Up Your Client Sheet</CardTitle>
        <CardDescription>Bring your client list into &ldquo;{portal.name}&rdquo;.</CardDescription>
        {onClose && state.step !== 4 ? (
          <Button variant="ghost" size="icon" className="absolute top-4 right-4" onClick={onClose} aria-label="Close the set-up" disabled={finalizing}>
            <XIcon aria-hidden="true" />
          </Button>
        ) : null}
        <div className="pt-4">
          <StepIndicator current={state.step} templateMethod={state.method === 'template'} />
        </div>
      </CardHeader>
      <CardContent className="space-y-5">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          Step {state.step}: {title}
        </h2>
        {state.step === 1 ? (
          <ChooseMethodStep method={state.method} onChoose={(method) => dispatch({ type: 'chooseMethod', method })} onContinue={() => dispatch({ type: 'continue' })} />
        ) : null}
        {state.step === 2 && state.method === 'import' && analyzeKept.isPending ? (
          <LoadingState label={`Reading ${portal.uploads.applied?.fileName ?? 'your file'} again...`} />
        ) : null}
        {state.step === 2 && state.method === 'import' && !analyzeKept.isPending ? (
          <ConnectStep
            source={state.source}
            onSource={(source) => dispatch({ type: 'chooseSource', source })}
            initialUrl={intent.kind === 'change-mapping' ? intent.sheetUrl : (state.sheet?.url ?? '')}
            initialGid={intent.kind === 'change-mapping' ? intent.gid : (state.sheet?.gid ?? null)}
            analyzing={analyzeSheet.isPending || analyzeCsv.isPending || analyzeKept.isPending}
            error={analyzeError}
            onAnalyzeSheet={analyzeSheetNow}
            onSheetEdited={() => {
              if (analyzeSheet.isError) analyzeSheet.reset();
            }}
            onAnalyzeFile={analyzeFileNow}
            onBack={() => dispatch({ type: 'back' })}
          />
        ) : null}
        {state.step === 2 && state.method === 'template' ? (
          <TemplateStep pending={importCsv.isPending} onComplete={() => completeTemplate()} onBack={() => dispatch({ type: 'back' })} />
        ) : null}
        {state.step === 3 && state.analysis ? (
          <MapColumnsStep
            analysis={state.analysis}
            sourceLabel={state.sheet ? 'Google Sheet' : `File ${state.fileName ?? ''}`}
            mapping={state.mapping}
            dateOrder={state.dateOrder}
            onMap={(field, column) => dispatch({ type: 'mapField', field, column })}
            onDateOrder={(dateOrder) => dispatch({ type: 'setDateOrder', dateOrder })}
            check={source ? check : null}
            finalizing={finalizing}
            onFinalize={() => finalize()}
            onBack={() => dispatch({ type: 'back' })}
            portalId={id}
            config={portal.config}
          />
        ) : null}
        {state.step === 4 ? <CompleteStep report={state.report} portalId={id} onDone={() => onClose?.()} /> : null}

        {finalizing ? <SyncProgress run={running} label={state.sheet ? 'Syncing your sheet' : 'Importing your file'} /> : null}
        {dropMessage && !finalizing ? (
          <Alert>
            <AlertTitle>Large drop held back</AlertTitle>
            <AlertDescription>
              <p>{dropMessage}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" variant="destructive" onClick={() => (state.method === 'template' ? completeTemplate(true) : finalize(true))}>
                  Apply anyway
                </Button>
                <Button size="sm" variant="outline" onClick={() => setDropMessage(null)}>
                  Keep the current data
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : null}
        {finalizeError && !finalizing ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(finalizeError)}</AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
