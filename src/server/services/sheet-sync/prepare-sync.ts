// The first half of a sync (docs/sheet-sync.md): read the source, decode and parse it, map its columns, load the
// stored clients and plan the change; then the guards. A real run and a dry run share all of it.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, asc, eq, gt } from 'drizzle-orm';
import { canFinalizeMapping, detectColumns, type ColumnMapping } from '@core/columns';
import { mappingFieldLabels, remapColumns, type RemapProblem } from '@core/column-remap';
import { createEstimateContext, type EstimateContext } from '@core/estimate';
import { messages } from '@core/messages';
import { resolveUploadMapping } from '@core/sync/mapping';
import type { DateOrder } from '@core/sheet-values';
import type { Db, Tx } from '../../db/client';
import { clients } from '../../db/schema';
import { sheetSourceFor } from '../../integrations/sheets/google-sheets';
import { decodeCsvBytes, parseSheetCsv, type ParsedSheet } from './parse-csv';
import { isLargeDrop, planImport, type ExistingClient, type ImportPlan } from './plan-import';
import { queueInputColumns } from './recompute-queue';
import { ImportInvalidError } from './sync-errors';
import { sheetTargetOf, type SyncSession } from './sync-session';
import type { PortalRow, RunSyncInput } from './sync-types';
import { readWorkloadSettings } from './workload-state';

/** The source as read: its bytes, its name in the fingerprint, and the date order its dates are read in. */
export interface SyncSource {
  bytes: Uint8Array;
  name: string;
  dateOrder: DateOrder;
}

/** What a sync works out before it writes anything. */
export interface PreparedSync {
  source: SyncSource;
  sheet: ParsedSheet;
  mapping: ColumnMapping;
  /** The portal keeps its saved mapping and headers (an optional column is missing this time: resolveMapping). */
  keepSaved: boolean;
  estimate: Required<EstimateContext>;
  /** The stored clients, as the plan compared them. */
  existing: Map<string, ExistingClient>;
  plan: ImportPlan;
}

/** Reads the source: the upload, or the Google Sheet (with time-out and size cap). */
export async function readSource(s: SyncSession): Promise<SyncSource> {
  const { input, portal, deps } = s;
  const dateOrder = input.dateOrder ?? portal.dateOrder;
  if (input.upload) return { bytes: input.upload.bytes, name: 'upload', dateOrder };
  const target = sheetTargetOf(portal, input)!;
  const bytes = await (deps.sheetSource ?? sheetSourceFor(deps.env)).fetchCsv(target.sheetId, target.gid);
  return { bytes, name: `sheet:${target.sheetId}#${target.gid ?? ''}`, dateOrder };
}

/** Decodes and parses the source, maps its columns, loads the stored clients and plans the change. */
export async function prepare(s: SyncSession, source: SyncSource): Promise<PreparedSync> {
  const { input, portal, deps } = s;
  if (!input.dryRun) s.upload.compressEarly();
  s.lap('fetch');
  await s.progress('reading', 0, 0, 'always');
  const decoded = decodeCsvBytes(source.bytes);
  const sheet = await parseSheetCsv(decoded.text);
  s.lap('parse');
  const { mapping, warnings, keepSaved } = resolveMapping(portal, sheet, input);
  const estimate = createEstimateContext(readWorkloadSettings(portal.workloadSettings), input.timeZone, deps.clock.now().getTime());
  await s.progress('checking', 0, sheet.rows.length, 'always');
  // On the embedded database each page is a stretch of the server's thread: smaller pages, shorter stalls.
  const existing = await loadExistingClients(s.db, portal.id, s.caps.oneTransactionAtATime ? 2_500 : 10_000);
  s.lap('loadExisting');
  const plan = await planImport({
    sheet,
    mapping,
    dateOrder: source.dateOrder,
    existing,
    estimate,
    onProgress: (done, total) => void s.progress('checking', done, total, 'never'),
  });
  s.lap('plan');
  plan.warnings.unshift(...(decoded.encoding === 'utf-8' ? [] : [messages.sync.notUtf8]), ...warnings);
  s.plan = plan;
  return { source, sheet, mapping, keepSaved: keepSaved ?? false, estimate, existing, plan };
}

/**
 * The guards a plan passes before anything is written (the required columns were checked as they were mapped): a
 * client id may not repeat (422). Returns the message of a large drop (more than half the clients removed) that
 * needs `confirmDrop`, or null.
 */
export function guard(p: PreparedSync, input: RunSyncInput): string | null {
  const { plan } = p;
  if (plan.duplicateIdError) throw new ImportInvalidError(plan.duplicateIdError, 'duplicate_client_id');
  if (!isLargeDrop(plan) || input.confirmDrop) return null;
  return messages.sync.dropNeedsConfirmation(plan.removals.length, plan.previousActive, plan.nextActive, input.upload ? 'file' : 'sheet');
}

/** The stored columns the import plan compares a client by (the managed write reads them with its own). */
export const existingClientColumns = {
  ...queueInputColumns,
  sourceId: clients.sourceId,
  emailNormalized: clients.emailNormalized,
  contentHash: clients.contentHash,
  removedAt: clients.removedAt,
};

/** A stored client as the import plan compares it (the row as read, with `removed` added). */
export function existingClientOf<T extends { removedAt: Date | null }>(row: T): T & { removed: boolean } {
  // The row itself: a copy by spread cost about a second per 100,000 clients.
  return Object.assign(row, { removed: row.removedAt !== null });
}

/** Every stored client of a portal, as the import plan compares them; read in pages so no single result is huge. */
export async function loadExistingClients(db: Db | Tx, portalId: string, pageSize = 10_000): Promise<Map<string, ExistingClient>> {
  const map = new Map<string, ExistingClient>();
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select(existingClientColumns)
      .from(clients)
      .where(and(eq(clients.portalId, portalId), after === null ? undefined : gt(clients.clientId, after)))
      .orderBy(asc(clients.clientId))
      .limit(pageSize);
    for (const r of rows) map.set(r.clientId, existingClientOf(r));
    if (rows.length < pageSize) return map;
    after = rows[rows.length - 1]!.clientId;
    await yieldToEventLoop();
  }
}

function remapMessage(problem: RemapProblem): string {
  const label = mappingFieldLabels[problem.field];
  return problem.kind === 'missing' ? messages.sync.columnMissing(label, problem.header) : messages.sync.columnOutOfRange(label, problem.column);
}

/** The warning for an optional column a sync goes on without (remapMessage's words say nothing was changed). */
function droppedMessage(problem: RemapProblem): string {
  return messages.sync.optionalColumnMissing(mappingFieldLabels[problem.field], problem.kind === 'missing' ? `"${problem.header}"` : `column ${problem.column}`);
}

/**
 * The mapping to use for this sheet, or an error that stops the sync. `keepSaved`: the saved mapping lost an optional
 * column this time (its header is missing, renamed for a while): the portal keeps its saved mapping and headers, so a
 * later sync finds that column again by its header instead of leaving it unmapped for good.
 */
function resolveMapping(portal: PortalRow, sheet: ParsedSheet, input: RunSyncInput): { mapping: ColumnMapping; warnings: string[]; keepSaved?: boolean } {
  const given = input.newSheet?.mapping ?? input.upload?.mapping;
  if (given) {
    const r = remapColumns(given, [], sheet.headers);
    if (r.errors.length > 0) throw new ImportInvalidError(remapMessage(r.errors[0]!), 'column_missing');
    return { mapping: r.mapping, warnings: r.dropped.map(droppedMessage) };
  }
  const saved = portal.columnMapping as ColumnMapping | null;
  if (!input.upload) {
    // A Google Sheet keeps its mapping: a missing required column stops the sync.
    if (!saved || !canFinalizeMapping(saved)) throw new ImportInvalidError(messages.sheets.mappingIncomplete, 'mapping_incomplete');
    const r = remapColumns(saved, portal.detectedHeaders, sheet.headers);
    if (r.errors.length > 0) throw new ImportInvalidError(remapMessage(r.errors[0]!), 'column_missing');
    return { mapping: r.mapping, warnings: r.dropped.map(droppedMessage), keepSaved: r.dropped.length > 0 };
  }
  // An upload without a mapping is mapped from its own headers, keeping the saved choices its headers allow.
  const detected = detectColumns(sheet.headers, sheet.rows.filter((r) => r.length > 0).slice(0, 50), { dateOrder: input.dateOrder ?? portal.dateOrder });
  const usable = saved && canFinalizeMapping(saved) ? saved : null;
  const { mapping, lost } = resolveUploadMapping(detected.mapping, usable, portal.detectedHeaders, sheet.headers);
  if (!canFinalizeMapping(mapping)) {
    throw new ImportInvalidError(`${messages.sheets.mappingIncomplete}. ${detected.warnings.slice(0, 3).join('. ')}`, 'mapping_incomplete');
  }
  // A saved column this file lacks: the portal keeps its saved mapping, so the column is found again when it is back.
  return { mapping, warnings: lost.map(droppedMessage), keepSaved: lost.length > 0 };
}
