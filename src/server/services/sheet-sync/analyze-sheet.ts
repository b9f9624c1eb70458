import { canFinalizeMapping, confidenceBand, detectColumns, type ColumnMapping } from '@core/columns';
import { resolveUploadMapping } from '@core/sync/mapping';
import type { DateOrder } from '@core/sheet-values';
import { messages } from '@core/messages';
import type { portals } from '../../db/schema';
import type { SheetSource } from '../../integrations/sheets/sheet-source';
import { decodeCsvBytes, parseSheetCsv } from './parse-csv';

/** What the wizard shows after reading a sheet or a file (spec 2.15 step 3, spec 7 proxy response). */
export interface SheetAnalysis {
  sheetId: string | null;
  gid: string | null;
  headers: string[];
  /** The first 3 data rows (spec 2.15). */
  previewRows: string[][];
  /** Data rows (blank rows not counted). */
  rowCount: number;
  /** Field to column index, as detected (spec 7: columnSuggestions). */
  columnSuggestions: ColumnMapping;
  /**
   * Where Map Columns starts when the portal has a saved mapping (re-opening the wizard): these headers mapped as an
   * upload without a mapping would be (resolveUploadMapping), so a mapping saved from a wrong file never leaves out
   * columns this one has. Null when that mapping lacks a required field.
   */
  savedMapping: ColumnMapping | null;
  confidence: number;
  confidenceBand: 'green' | 'yellow' | 'red';
  /** Detected columns, in the spec's words. */
  suggestions: string[];
  /** Missing columns, in the spec's words. */
  warnings: string[];
  /** Problems of the file itself: duplicate or blank headers, ragged rows, encoding. */
  sheetWarnings: string[];
}

/** Reads CSV bytes and suggests a mapping. */
export async function analyzeCsv(
  bytes: Uint8Array,
  options: { sheetId?: string | null; gid?: string | null; portal?: Pick<typeof portals.$inferSelect, 'columnMapping' | 'detectedHeaders'>; dateOrder?: DateOrder },
): Promise<SheetAnalysis> {
  const decoded = decodeCsvBytes(bytes);
  const sheet = await parseSheetCsv(decoded.text);
  const filled = sheet.rows.filter((r) => r.length > 0);
  const detection = detectColumns(sheet.headers, filled.slice(0, 50), { dateOrder: options.dateOrder });
  const saved = options.portal?.columnMapping as ColumnMapping | null | undefined;
  const resolved = saved && canFinalizeMapping(saved) ? resolveUploadMapping(detection.mapping, saved, options.portal?.detectedHeaders ?? [], sheet.headers).mapping : null;
  const savedMapping = resolved && canFinalizeMapping(resolved) ? resolved : null;
  return {
    sheetId: options.sheetId ?? null,
    gid: options.gid ?? null,
    headers: sheet.headers,
    previewRows: filled.slice(0, 3),
    rowCount: sheet.filledRows,
    columnSuggestions: detection.mapping,
    savedMapping,
    confidence: detection.confidence,
    confidenceBand: confidenceBand(detection.confidence),
    suggestions: detection.suggestions,
    warnings: detection.warnings,
    sheetWarnings: decoded.encoding === 'utf-8' ? sheet.warnings : [messages.sync.notUtf8, ...sheet.warnings],
  };
}

/** Fetches a Google Sheet tab (through the source: configured host, validated id) and analyses it. */
export async function analyzeSheet(
  source: SheetSource,
  input: { sheetId: string; gid: string | null; portal?: Pick<typeof portals.$inferSelect, 'columnMapping' | 'detectedHeaders'>; dateOrder?: DateOrder },
): Promise<SheetAnalysis> {
  const bytes = await source.fetchCsv(input.sheetId, input.gid);
  return analyzeCsv(bytes, { sheetId: input.sheetId, gid: input.gid, portal: input.portal, dateOrder: input.dateOrder });
}
