import type { SyncRun } from '@core/api/portals';
import { syncRuns } from '../../db/schema';
import { getSyncProgress, type SyncPhase } from './sync-progress';

/** A sync run as the API shows it. */
export type SyncRunView = SyncRun;

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
