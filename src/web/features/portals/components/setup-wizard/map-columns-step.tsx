import { CheckCircle2Icon, TriangleAlertIcon } from 'lucide-react';
import { mappingFieldLabels } from '@core/column-remap';
import { describeMapping, requiredMappingFields, unmappedRequiredFields, type ColumnMapping, type MappingField } from '@core/columns';
import type { PortalConfig } from '@core/portal-config';
import { columnLetter } from '@core/sheet-values';
import { Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import type { SheetAnalysis } from '../../api/types';
import { formatCount } from '../../lib/format';
import { canFinalize, mappingHint, mappingProblem } from '../../lib/setup-wizard';
import { NativeSelect } from '../native-select';
import { checkBlocksFinalize, ImportCheck, type ImportCheckState } from './import-check';
import { CardColumnsChoice } from './card-columns-choice';
import { PreviewTable } from './preview-table';

const FIELD_ORDER: MappingField[] = ['name', 'email', 'status', 'priority', 'date', 'id', 'notes'];
const required = new Set<MappingField>(requiredMappingFields);
const bandVariant = { green: 'success', yellow: 'warning', red: 'danger' } as const;

/**
 * Step 3: a column for each field, starting from the suggestions; the confidence figure in its colour (green
 * above 80, yellow 60 or more, red below), the detected columns and the warnings, a preview of the first 3 rows.
 * Finalize Setup is enabled only when name, e-mail and status are mapped (spec 5).
 */
export function MapColumnsStep(props: {
  analysis: SheetAnalysis;
  sourceLabel: string;
  mapping: ColumnMapping;
  dateOrder: 'mdy' | 'dmy';
  onMap: (field: MappingField, column: number | null) => void;
  onDateOrder: (order: 'mdy' | 'dmy') => void;
  /** What Finalize would do with this mapping (read on the server, nothing saved); null when not checked. */
  check: ImportCheckState | null;
  finalizing: boolean;
  onFinalize: () => void;
  onBack: () => void;
  /** The portal, for the card's column choices. */
  portalId: string;
  config: PortalConfig;
}) {
  const { analysis, mapping } = props;
  const detection = describeMapping(mapping, analysis.headers);
  // "Detected" lists what the analysis found in the headers; the selects (a saved mapping, or the owner's own
  // choices) may differ, and then the list says so instead of calling a hand-picked column "detected".
  const changedByHand = FIELD_ORDER.some((f) => mapping[f] !== analysis.columnSuggestions[f]);
  // Finalize is refused while the check says the data cannot be imported as mapped (the server checks it again).
  const checkBlocks = props.check !== null && !props.check.pending && checkBlocksFinalize(props.check.error);
  const ready = canFinalize(mapping) && !checkBlocks;
  const problem = mappingProblem(mapping);
  const hint = mappingHint(mapping);
  const missing = new Set(unmappedRequiredFields(mapping));
  const width = Math.max(analysis.headers.length, ...analysis.previewRows.map((r) => r.length));
  const labels: Record<number, string> = {};
  const uses = new Map<number, number>();
  for (const f of FIELD_ORDER) {
    const column = mapping[f];
    if (column === undefined) continue;
    labels[column] = labels[column] ? `${labels[column]} / ${mappingFieldLabels[f]}` : mappingFieldLabels[f];
    uses.set(column, (uses.get(column) ?? 0) + 1);
  }
  // One column chosen for two fields: both selects are marked, and the problem is shown as an error.
  const clashes = (field: MappingField) => mapping[field] !== undefined && (uses.get(mapping[field]!) ?? 0) > 1;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-muted-foreground">
          {props.sourceLabel}: {formatCount(analysis.rowCount)} {analysis.rowCount === 1 ? 'row' : 'rows'}, {analysis.headers.length} columns.
        </p>
        <Badge variant={bandVariant[detection.confidenceBand]} data-testid="mapping-confidence" data-band={detection.confidenceBand}>
          Confidence {detection.confidence}%
        </Badge>
      </div>

      {analysis.sheetWarnings.length > 0 ? (
        <Alert>
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>
            <ul className="list-disc space-y-1 pl-5">
              {analysis.sheetWarnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}

      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-semibold">Which column holds each field?</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FIELD_ORDER.map((field) => {
            const id = `map-${field}`;
            return (
              <div key={field} className="space-y-2">
                <Label htmlFor={id}>
                  {mappingFieldLabels[field]}
                  {required.has(field) ? <span className="text-destructive"> (required)</span> : <span className="font-normal text-muted-foreground"> (optional)</span>}
                </Label>
                <NativeSelect
                  id={id}
                  value={mapping[field] ?? ''}
                  aria-invalid={clashes(field) || missing.has(field) ? true : undefined}
                  aria-describedby={clashes(field) ? 'mapping-problem' : missing.has(field) ? 'mapping-hint' : undefined}
                  className={clashes(field) || missing.has(field) ? 'border-destructive' : undefined}
                  onChange={(e) => props.onMap(field, e.target.value === '' ? null : Number(e.target.value))}
                >
                  <option value="">Not mapped</option>
                  {Array.from({ length: width }, (_, i) => (
                    <option key={i} value={i}>
                      {columnLetter(i)}: {analysis.headers[i] || '(no header)'}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            );
          })}
          {/* Only with a due date column: the order says how its dates are read. */}
          {mapping.date !== undefined ? (
            <div className="space-y-2">
              <Label htmlFor="date-order">Dates like 03/04/2026 mean</Label>
              <NativeSelect id="date-order" value={props.dateOrder} onChange={(e) => props.onDateOrder(e.target.value as 'mdy' | 'dmy')}>
                <option value="mdy">March 4 (month first)</option>
                <option value="dmy">3 April (day first)</option>
              </NativeSelect>
            </div>
          ) : null}
        </div>
        {mapping.id === undefined ? (
          <p className="text-sm text-muted-foreground" data-testid="no-id-column">
            Without a Client ID column, each client is recognised by their e-mail address: sorting, inserting or deleting rows keeps
            their status history, queue override and access link. A changed e-mail address makes a new client; map an ID column to keep
            a client through an e-mail change.
          </p>
        ) : null}
        {problem ? (
          <Alert variant="destructive">
            <TriangleAlertIcon aria-hidden="true" />
            <AlertDescription id="mapping-problem">{problem}. Choose one column per field.</AlertDescription>
          </Alert>
        ) : null}
      </fieldset>

      <div className="grid gap-4 md:grid-cols-2">
        {analysis.suggestions.length > 0 ? (
          <div>
            <h3 className="mb-2 text-sm font-semibold">Detected</h3>
            <ul className="space-y-1 text-sm" aria-label="Detected columns">
              {analysis.suggestions.map((s) => (
                <li key={s} className="flex gap-2">
                  <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" /> {s}
                </li>
              ))}
            </ul>
            {changedByHand ? (
              <p className="mt-2 text-sm text-muted-foreground">The columns chosen above differ from the detected ones; Finalize Setup uses the chosen ones.</p>
            ) : null}
          </div>
        ) : null}
        {detection.warnings.length > 0 ? (
          <div>
            <h3 className="mb-2 text-sm font-semibold">Warnings</h3>
            <ul className="space-y-1 text-sm" aria-label="Mapping warnings">
              {detection.warnings.map((w) => (
                <li key={w} className="flex gap-2">
                  <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" /> {w}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      {canFinalize(mapping) ? <CardColumnsChoice portalId={props.portalId} config={props.config} mapping={mapping} row={analysis.previewRows[0]} dateOrder={props.dateOrder} /> : null}

      <div className="space-y-2">
        <h3 className="text-sm font-semibold">Preview (first 3 rows)</h3>
        <PreviewTable headers={analysis.headers} rows={analysis.previewRows.slice(0, 3)} caption="The first 3 rows of your data" labels={labels} />
      </div>

      {props.check && canFinalize(mapping) ? <ImportCheck check={props.check} shownAbove={analysis.sheetWarnings} /> : null}

      {hint ? (
        <p id="mapping-hint" className="text-sm text-muted-foreground" role="status">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="outline" onClick={props.onBack} disabled={props.finalizing}>
          Back
        </Button>
        <Button onClick={props.onFinalize} disabled={!ready || props.finalizing}>
          {props.finalizing ? <Spinner /> : null} {props.finalizing ? 'Finalizing...' : 'Finalize Setup'}
        </Button>
      </div>
    </div>
  );
}
