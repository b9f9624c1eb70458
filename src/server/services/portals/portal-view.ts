import type { Portal } from '@core/api/portals';
import type { ColumnMapping } from '@core/columns';
import { readPortalConfig } from '@core/portal-config';
import type { portals } from '../../db/schema';
import { readWorkloadSettings } from '../sheet-sync/workload-state';

export type PortalRow = typeof portals.$inferSelect;

/** A portal as the business API shows it. */
export type PortalView = Portal;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toPortalView(row: PortalRow, clientCount: number): PortalView {
  return {
    portalId: row.id,
    name: row.name,
    portalPath: `/portal/${row.id}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    clientCount,
    source: {
      type: row.sourceType,
      setupMethod: row.setupMethod ?? null,
      sheetId: row.sheetId,
      sheetUrl: row.sheetUrl,
      gid: row.sheetGid,
      columnMapping: (row.columnMapping as ColumnMapping | null) ?? null,
      detectedHeaders: row.detectedHeaders,
      confidence: row.confidence,
      dateOrder: row.dateOrder,
    },
    sync: {
      intervalMinutes: row.syncIntervalMinutes,
      nextSyncAt: iso(row.nextSyncAt),
      lastSyncedAt: iso(row.lastSyncedAt),
      lastAttemptAt: iso(row.lastAttemptAt),
      lastError: row.lastError,
      lastErrorAt: iso(row.lastErrorAt),
      running: row.syncLeaseExpiresAt !== null && row.syncLeaseExpiresAt.getTime() > Date.now(),
    },
    config: readPortalConfig(row.config),
    workloadSettings: readWorkloadSettings(row.workloadSettings),
  };
}
