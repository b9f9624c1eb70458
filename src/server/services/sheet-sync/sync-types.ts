import type { Logger } from 'pino';
import type { ColumnMapping } from '@core/columns';
import type { DateOrder } from '@core/sheet-values';
import type { Database, Db } from '../../db/client';
import type { portals, PortalSetupMethod, SyncTrigger } from '../../db/schema';
import type { Env } from '../../env';
import type { SheetSource } from '../../integrations/sheets/sheet-source';
import type { AppMetrics } from '../../lib/metrics';
import type { JobQueue } from '../../jobs/job-worker';
import type { Clock } from '../../lib/clock';
import type { SyncCapabilities } from './sync-capabilities';
import type { EventWriter } from './sync-events';
import type { SyncRunView } from './sync-run-view';
import type { PackedUpload } from './uploaded-files';

/** What a sync needs from the app. */
export interface SyncDeps {
  db: Db;
  database: Pick<Database, 'kind'>;
  env: Env;
  logger: Logger;
  /** Stand-in for Google Sheets (tests); built from the environment otherwise. */
  sheetSource?: SheetSource;
  /** How often progress is written to the run's row while the apply runs (default 500 ms; tests use 0). */
  progressWriteMs?: number;
  /** Counts each sync and its duration for /metrics (the app context's). */
  metrics?: Pick<AppMetrics, 'observeSync'>;
  /** The durable job queue (the app context's): a failed run's `sync.failed` webhooks go out through it. */
  jobs?: JobQueue;
  /** The portal lookups' cache (the app context's), told when the portal's row changed; none outside an app. */
  portalMeta?: { portalChanged(portalId: string): void };
  /** Records each client's change with the data (the app context's event log, decision 0011). */
  clientEvents: EventWriter;
  /** The events' time, and the queue's "now" and "today". */
  clock: Pick<Clock, 'now' | 'today'>;
  /**
   * How this database is written (the app context's, decided at start); built from `database` and `env` when absent.
   * Tests choose the writer with it (`choosePlanWriter`), on either database.
   */
  syncCapabilities?: SyncCapabilities;
  /**
   * Tests: called at each failure point of a write; what it throws stops the run there, as a lost connection or a
   * full disk would, and the run is settled as any stopped run is (run-recovery.ts). None in the app.
   */
  failAt?: (point: SyncFailurePoint) => void | Promise<void>;
}

/**
 * Where a write can be stopped (tests): `steps`, a first import's steps written and its last part not; `staged`,
 * a large change staged, before its commit point; `committed`, just past it; `applying`, after each applied step;
 * `written`, the write applied (any writer), before the queue figures left for steps and what follows the run;
 * `estimates-asked`, in a transaction of the write, just before it asks who records its estimate changes (under the
 * portal's refresh lock, which a first refresh under way holds: estimate-events.ts).
 */
export type SyncFailurePoint = 'steps' | 'staged' | 'committed' | 'applying' | 'written' | 'estimates-asked';

export interface NewSheetSource {
  sheetId: string;
  sheetUrl: string;
  gid: string | null;
  mapping: ColumnMapping;
  setupMethod: PortalSetupMethod;
}

export interface RunSyncInput {
  portalId: string;
  /** The business the portal belongs to (already checked by the caller). */
  businessId: string;
  timeZone: string;
  trigger: SyncTrigger;
  actorUserId?: string | null;
  /** Apply even when more than half of the clients would be removed. */
  confirmDrop?: boolean;
  /** Work everything out and report it; write nothing. */
  dryRun?: boolean;
  dateOrder?: DateOrder;
  /**
   * A CSV upload; without it the portal's Google Sheet (or `newSheet`) is read. The file is kept with the portal
   * when it applies (or, held back for a large drop, until confirmed): `packed` when it is one kept already.
   */
  upload?: { bytes: Uint8Array; mapping?: ColumnMapping; setupMethod?: PortalSetupMethod; fileName?: string | null; packed?: PackedUpload };
  /** A Google Sheet to connect: saved only when its first sync applies. */
  newSheet?: NewSheetSource;
  /** The lease, when the caller (the scheduler) already holds it. */
  leaseToken?: string;
}

export interface SyncResult {
  run: SyncRunView;
  /** True when the data was written (false for a dry run). */
  applied: boolean;
  headers: string[];
  columnMapping: ColumnMapping;
  previewRows: string[][];
  confidence: number;
}

export type PortalRow = typeof portals.$inferSelect;
