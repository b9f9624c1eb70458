// What a sync reports and records: the run's counts, the result the routes answer with, a dry run's view, and the
// portal's source fields after an applied sync.
import { mappingConfidence, type ColumnMapping } from '@core/columns';
import type { DateOrder } from '@core/sheet-values';
import type { syncRuns } from '../../db/schema';
import type { ImportPlan } from './plan-import';
import type { PreparedSync } from './prepare-sync';
import type { SyncSession } from './sync-session';
import { toSyncRunView, type SyncRunView } from './sync-run-view';
import type { PortalRow, RunSyncInput, SyncResult } from './sync-types';

/** A run's row as saved. */
export type SavedRun = typeof syncRuns.$inferSelect;

/** The run's figures from its plan, without a status (a move of run-moves.ts sets it). */
export function figuresOf(plan: ImportPlan) {
  return {
    rowsRead: plan.counts.rowsRead,
    imported: plan.counts.imported,
    updated: plan.counts.updated,
    unchanged: plan.counts.unchanged,
    skipped: plan.counts.skipped,
    removed: plan.counts.removed,
    restored: plan.counts.restored,
    skippedRows: plan.skippedRows,
    warnings: plan.warnings,
  };
}

/** What a sync answers: the run, and the sheet as it was read and mapped. */
export function resultOf(p: PreparedSync, run: SyncRunView, applied: boolean): SyncResult {
  return {
    run,
    applied,
    headers: p.sheet.headers,
    columnMapping: p.mapping,
    previewRows: p.sheet.rows.filter((r) => r.length > 0).slice(0, 3),
    confidence: mappingConfidence(p.mapping),
  };
}

/** An applied run's result. */
export function appliedResult(p: PreparedSync, saved: SavedRun): SyncResult {
  return resultOf(p, toSyncRunView(saved), true);
}

/** A dry run's report: what the run would record, with no row of its own. */
export function dryRunView(s: SyncSession, plan: ImportPlan, dropMessage: string | null): SyncRunView {
  return {
    id: null,
    portalId: s.portal.id,
    trigger: s.input.trigger,
    status: dropMessage ? 'needs_confirmation' : 'ok',
    sourceType: s.isSheet ? 'google_sheet' : 'csv_upload',
    startedAt: s.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    phase: 'done',
    rowsProcessed: 0,
    rowsTotal: 0,
    ...plan.counts,
    skippedRows: plan.skippedRows,
    warnings: plan.warnings,
    error: dropMessage,
  };
}

/** The portal's source fields after an applied sync; `read` null keeps its saved mapping and headers (resolveMapping). */
export function sourceUpdate(portal: PortalRow, input: RunSyncInput, read: { mapping: ColumnMapping; headers: string[] } | null, dateOrder: DateOrder): Partial<PortalRow> {
  // The date order is written only when this run was given one: the portal's own, read when the run started, may
  // have been changed meanwhile (PATCH .../portals/{id}) and must not be put back (found by review).
  const common = {
    ...(read ? { columnMapping: read.mapping as Record<string, number>, detectedHeaders: read.headers, confidence: mappingConfidence(read.mapping) } : {}),
    ...(input.dateOrder ? { dateOrder } : {}),
  };
  if (input.upload) {
    return {
      ...common,
      sourceType: 'csv_upload',
      setupMethod: input.upload.setupMethod ?? 'import',
      sheetId: null,
      sheetUrl: null,
      sheetGid: null,
      nextSyncAt: null,
    };
  }
  const nextSyncAt = new Date(Date.now() + portal.syncIntervalMinutes * 60_000);
  if (input.newSheet) {
    return {
      ...common,
      sourceType: 'google_sheet',
      setupMethod: input.newSheet.setupMethod,
      sheetId: input.newSheet.sheetId,
      sheetUrl: input.newSheet.sheetUrl,
      sheetGid: input.newSheet.gid,
      nextSyncAt,
    };
  }
  return { ...common, nextSyncAt };
}
