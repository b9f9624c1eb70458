import type { ColumnMapping } from '@core/columns';
import { readPortalConfig, type PortalConfig } from '@core/portal-config';
import type { WorkloadSettings } from '@core/workload-settings';
import type { portals, PortalSetupMethod, PortalSourceType } from '../../db/schema';
import { readWorkloadSettings } from '../sheet-sync/run-sync';

export type PortalRow = typeof portals.$inferSelect;

/** A portal as the business API shows it. */
export interface PortalView {
  portalId: string;
  name: string;
  /** Path of the public portal page. */
  portalPath: string;
  createdAt: string;
  updatedAt: string;
  clientCount: number;
  source: {
    type: PortalSourceType;
    setupMethod: PortalSetupMethod | null;
    sheetId: string | null;
    sheetUrl: string | null;
    gid: string | null;
    columnMapping: ColumnMapping | null;
    detectedHeaders: string[];
    confidence: number | null;
    dateOrder: 'mdy' | 'dmy';
  };
  sync: {
    intervalMinutes: number;
    nextSyncAt: string | null;
    /** The last sync that applied: the data shown is from then. */
    lastSyncedAt: string | null;
    lastAttemptAt: string | null;
    lastError: string | null;
    lastErrorAt: string | null;
    /** A sync holds the portal's lease right now. */
    running: boolean;
  };
  config: PortalConfig;
  workloadSettings: WorkloadSettings;
}

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
