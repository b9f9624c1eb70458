// Response shapes of the portals API (/api/v1/portals...): one definition for the routes (validation and OpenAPI),
// the services that build them and the web app that shows them (which imports only the types).
import { z } from 'zod';
import { clientEstimateSchema } from './estimates';
import { portalConfigPatchSchema } from '../portal-config';

/** Workload settings as stored (the request schema's transforms do not serialise). */
const workloadSettingsOut = z.object({
  averageProjectDuration: z.number(),
  dailyCapacity: z.number(),
  bufferDays: z.number(),
  workingDays: z.array(z.number().int()),
  holidays: z.array(z.string()),
  priorityMultiplier: z.object({ high: z.number(), medium: z.number(), low: z.number() }),
  statusWeights: z.object({ new: z.number(), inProgress: z.number(), review: z.number(), completed: z.number(), onHold: z.number() }),
});

const mappingOut = z.object({
  id: z.number().int().optional(),
  name: z.number().int().optional(),
  email: z.number().int().optional(),
  status: z.number().int().optional(),
  priority: z.number().int().optional(),
  date: z.number().int().optional(),
  notes: z.number().int().optional(),
});

export const portalSchema = z.object({
  portalId: z.string(),
  name: z.string(),
  portalPath: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  clientCount: z.number().int(),
  source: z.object({
    type: z.enum(['google_sheet', 'csv_upload', 'managed', 'none']),
    setupMethod: z.enum(['import', 'template']).nullable(),
    sheetId: z.string().nullable(),
    sheetUrl: z.string().nullable(),
    gid: z.string().nullable(),
    columnMapping: mappingOut.nullable(),
    detectedHeaders: z.array(z.string()),
    confidence: z.number().int().nullable(),
    dateOrder: z.enum(['mdy', 'dmy']),
  }),
  sync: z.object({
    intervalMinutes: z.number().int(),
    nextSyncAt: z.iso.datetime().nullable(),
    lastSyncedAt: z.iso.datetime().nullable().describe('The last sync that applied: the data shown is from then'),
    lastAttemptAt: z.iso.datetime().nullable(),
    lastError: z.string().nullable(),
    lastErrorAt: z.iso.datetime().nullable(),
    running: z.boolean(),
  }),
  config: portalConfigPatchSchema.required(),
  workloadSettings: workloadSettingsOut,
});

export const portalListSchema = z.object({
  portals: z.array(portalSchema),
  total: z.number().int(),
  plan: z.object({ id: z.string(), name: z.string(), portalLimit: z.number().int().nullable() }),
  canAddPortal: z.boolean(),
  limitMessage: z.string().nullable().describe("Set when the plan's portal limit is reached, with an upgrade hint"),
});

export const analysisSchema = z.object({
  sheetId: z.string().nullable(),
  gid: z.string().nullable(),
  headers: z.array(z.string()),
  previewRows: z.array(z.array(z.string())).describe('The first 3 data rows'),
  rowCount: z.number().int(),
  columnSuggestions: mappingOut.describe('Field to column index, as detected'),
  savedMapping: mappingOut
    .nullable()
    .describe("Where Map Columns starts for a portal with a saved mapping: these headers mapped as an upload without a mapping would be (the saved choices these headers allow, detection for the rest); null when that lacks a required column"),
  confidence: z.number().int(),
  confidenceBand: z.enum(['green', 'yellow', 'red']),
  suggestions: z.array(z.string()),
  warnings: z.array(z.string()),
  sheetWarnings: z.array(z.string()).describe('Duplicate or blank headers, ragged rows, encoding'),
});

export const syncRunSchema = z.object({
  id: z.string().nullable(),
  portalId: z.string(),
  trigger: z.enum(['manual', 'schedule', 'upload', 'setup']),
  status: z.enum(['running', 'ok', 'failed', 'needs_confirmation']),
  sourceType: z.string(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  phase: z.enum(['fetching', 'reading', 'checking', 'writing', 'committing', 'done']),
  rowsProcessed: z.number().int(),
  rowsTotal: z.number().int(),
  rowsRead: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  removed: z.number().int(),
  restored: z.number().int(),
  skippedRows: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  warnings: z.array(z.string()),
  error: z.string().nullable(),
});

export const importReportSchema = syncRunSchema.extend({
  applied: z.boolean(),
  headers: z.array(z.string()),
  columnMapping: mappingOut,
  previewRows: z.array(z.array(z.string())),
  confidence: z.number().int(),
});

export const clientSchema = z.object({
  clientId: z.string().describe("The client's key in paths (D9): its id cell, or an opaque key when the data has no id column; never changes"),
  displayId: z.string().describe('The id a table shows: the Client ID cell, or client_{row} without one (not a key: rows move)'),
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  priority: z.string(),
  dueDate: z.string().nullable(),
  dueDateText: z.string(),
  notes: z.string(),
  queueState: z.enum(['queued', 'completed', 'cancelled']).nullable(),
  queuePosition: z.number().int().nullable(),
  estimatedCompletion: z.string().nullable(),
  estimate: clientEstimateSchema.nullable(),
  manualPosition: z.number().int().nullable(),
  removedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});

/** GET .../clients/{clientId}: the client (not removed) with every cell of its row and its status history. */
export const clientDetailSchema = clientSchema.omit({ removedAt: true }).extend({
  raw: z.record(z.string(), z.string()).describe('Every cell of the row, by header'),
  queueLength: z.number().int(),
  placedByHand: z.number().int().describe('Clients of the queue placed by hand; while any are, the order is not the automatic one'),
  createdAt: z.iso.datetime(),
  history: z.array(z.object({ oldStatus: z.string().nullable(), newStatus: z.string(), changedAt: z.iso.datetime() })),
});

export const clientListSchema = z.object({
  clients: z.array(clientSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  statuses: z.array(z.string()).describe('Distinct statuses of the current clients, for the filter'),
});

/** GET /api/v1/portals/{portalId}: the portal and its latest sync run. */
export const uploadedFileSchema = z.object({
  fileName: z.string().nullable().describe('As the browser named it; null for an upload through the API without a name'),
  size: z.number().int().describe('Bytes, as uploaded'),
  sha256: z.string().describe('SHA-256 of the file, hex: send it back as expectedSha256 to apply exactly this file'),
  uploadedAt: z.iso.datetime(),
  runId: z.string().nullable().describe('For a held upload: the sync run that held it back'),
});

export const portalDetailSchema = portalSchema.extend({
  lastRun: syncRunSchema.nullable().describe('The latest sync or import, with its error'),
  uploads: z
    .object({
      applied: uploadedFileSchema.nullable().describe('The CSV file the portal data comes from (kept to change the mapping without uploading again)'),
      held: uploadedFileSchema.nullable().describe('A newer upload held back until its large drop is confirmed'),
    })
    .describe("A CSV portal's kept files (GET .../import/file to download)"),
});

/** PUT .../source: the portal as saved and the sync that applied it (null when the clients are now managed). */
export const savedSourceSchema = z.object({ portal: portalDetailSchema, sync: importReportSchema.nullable() });

/** GET .../syncs: the latest syncs and imports, newest first. */
export const syncRunListSchema = z.object({ syncs: z.array(syncRunSchema) });

/** PUT .../logo */
export const uploadedLogoSchema = z.object({
  logoUrl: z.string().describe("The logo's public address, versioned by its hash (also the configuration's logoUrl now)"),
  contentType: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  size: z.number().int(),
  sha256: z.string(),
});

/** DELETE .../logo */
export const removedLogoSchema = z.object({ removed: z.boolean() });

export type Portal = z.infer<typeof portalSchema>;
export type PortalList = z.infer<typeof portalListSchema>;
export type PortalDetail = z.infer<typeof portalDetailSchema>;
export type UploadedFileInfo = z.infer<typeof uploadedFileSchema>;
export type SourceType = Portal['source']['type'];
export type SheetAnalysis = z.infer<typeof analysisSchema>;
export type SyncRun = z.infer<typeof syncRunSchema>;
export type SyncStatus = SyncRun['status'];
export type SyncPhase = SyncRun['phase'];
export type ImportReport = z.infer<typeof importReportSchema>;
export type PortalClient = z.infer<typeof clientSchema>;
export type PortalClientList = z.infer<typeof clientListSchema>;
export type ClientDetail = z.infer<typeof clientDetailSchema>;
export type SavedSource = z.infer<typeof savedSourceSchema>;
/** PUT .../source with a Google Sheet: its sync is never null (null only when the clients become managed). */
export type SavedSheetSource = SavedSource & { sync: ImportReport };
export type SyncRunList = z.infer<typeof syncRunListSchema>;
export type UploadedLogo = z.infer<typeof uploadedLogoSchema>;
export type RemovedLogo = z.infer<typeof removedLogoSchema>;
