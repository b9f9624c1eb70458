import type { SkippedRow, SyncRunStatus, SyncTrigger } from '../../db/schema';
import { syncRuns } from '../../db/schema';
import { getSyncProgress, type SyncPhase } from './sync-progress';

/** A sync run as the API shows it. */
export interface SyncRunView {
  id: string | null;
  portalId: string;
  trigger: SyncTrigger;
  status: SyncRunStatus;
  sourceType: string;
  startedAt: string;
  finishedAt: string | null;
  phase: SyncPhase;
  rowsProcessed: number;
  rowsTotal: number;
  rowsRead: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: number;
  removed: number;
  restored: number;
  skippedRows: SkippedRow[];
  warnings: string[];
  error: string | null;
}

/** The API view of a run row, with live progress when it is running in this process. */
export function toSyncRunView(row: typeof syncRuns.$inferSelect): SyncRunView {
  const live = row.status === 'running' ? getSyncProgress(row.id) : undefined;
  return {
    id: row.id,
    portalId: row.portalId,
    trigger: row.trigger,
    status: row.status,
    sourceType: row.sourceType,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    phase: live?.phase ?? (row.phase as SyncPhase),
    rowsProcessed: live?.rowsProcessed ?? row.rowsProcessed,
    rowsTotal: live?.rowsTotal ?? row.rowsTotal,
    rowsRead: row.rowsRead,
    imported: row.imported,
    updated: row.updated,
    unchanged: row.unchanged,
    skipped: row.skipped,
    removed: row.removed,
    restored: row.restored,
    skippedRows: row.skippedRows,
    warnings: row.warnings,
    error: row.errorMessage,
  };
}
