import type { ColumnMapping } from '@core/columns';
import type { PortalConfig } from '@core/portal-config';
import type { WorkloadSettings } from '@core/workload-settings';

// Shapes of the portals API (see the server's routes/v1/portal-schemas.ts and /api/openapi.json).

export type SourceType = 'google_sheet' | 'csv_upload' | 'none';

export interface Portal {
  portalId: string;
  name: string;
  portalPath: string;
  createdAt: string;
  updatedAt: string;
  clientCount: number;
  source: {
    type: SourceType;
    setupMethod: 'import' | 'template' | null;
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
    lastSyncedAt: string | null;
    lastAttemptAt: string | null;
    lastError: string | null;
    lastErrorAt: string | null;
    running: boolean;
  };
  config: PortalConfig;
  workloadSettings: WorkloadSettings;
}

/** GET /api/v1/portals */
export interface PortalList {
  portals: Portal[];
  total: number;
  plan: { id: string; name: string; portalLimit: number | null };
  canAddPortal: boolean;
  limitMessage: string | null;
}

/** POST .../source/analyze and .../import/analyze */
export interface SheetAnalysis {
  sheetId: string | null;
  gid: string | null;
  headers: string[];
  previewRows: string[][];
  rowCount: number;
  columnSuggestions: ColumnMapping;
  savedMapping: ColumnMapping | null;
  confidence: number;
  confidenceBand: 'green' | 'yellow' | 'red';
  suggestions: string[];
  warnings: string[];
  sheetWarnings: string[];
}

export type SyncStatus = 'running' | 'ok' | 'failed' | 'needs_confirmation';
export type SyncPhase = 'fetching' | 'reading' | 'checking' | 'writing' | 'done';

/** One entry of GET .../syncs */
export interface SyncRun {
  id: string | null;
  portalId: string;
  trigger: 'manual' | 'schedule' | 'upload' | 'setup';
  status: SyncStatus;
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
  skippedRows: { row: number; reason: string }[];
  warnings: string[];
  error: string | null;
}

/** POST .../import, POST .../sync, and `sync` of PUT .../source */
export interface ImportReport extends SyncRun {
  applied: boolean;
  headers: string[];
  columnMapping: ColumnMapping;
  previewRows: string[][];
  confidence: number;
}
