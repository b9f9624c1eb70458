import { z } from 'zod';
import { columnMappingSchema } from '@core/columns';
import { portalConfigPatchSchema } from '@core/portal-config';
import { workloadSettingsSchema } from '@core/workload-settings';

// Request schemas of the portals API, and its response schemas from @core/api/portals (OpenAPI comes from these).

export const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const portalIdParams = z.object({ portalId: z.string().min(1).max(64) });

const portalNameTooLong = 'Portal name must be at most 100 characters';

// Bodies whose fields are all optional may be left out: Fastify hands a missing body to the schema as null.
export const createPortalBody = z.object({ name: z.string().trim().max(100, { error: portalNameTooLong }).optional() }).nullish();

/** Sync intervals the business can choose, in minutes. */
export const syncIntervals = [5, 15, 30, 60, 180, 360, 720, 1440] as const;

export const updatePortalBody = z.object({
  name: z.string().trim().min(1, { error: 'Portal name is required' }).max(100, { error: portalNameTooLong }).optional(),
  syncIntervalMinutes: z
    .number()
    .int()
    .refine((v) => (syncIntervals as readonly number[]).includes(v), { error: `Choose one of ${syncIntervals.join(', ')} minutes` })
    .meta({ enum: [...syncIntervals], description: 'Minutes between automatic syncs of a Google Sheet' })
    .optional(),
  dateOrder: z.enum(['mdy', 'dmy']).optional(),
  config: portalConfigPatchSchema.optional(),
  workloadSettings: workloadSettingsSchema.optional(),
});

export const analyzeBody = z.object({
  sheetUrl: z.string().max(2000),
  gid: z.string().max(20).nullish(),
});

export const sheetSourceBody = z.object({
  type: z.literal('google_sheet'),
  sheetUrl: z.string().max(2000),
  columnMapping: columnMappingSchema,
  gid: z.string().max(20).nullish(),
  dateOrder: z.enum(['mdy', 'dmy']).optional(),
  setupMethod: z.enum(['import', 'template']).optional(),
  confirmDrop: z.boolean().optional(),
  dryRun: z.boolean().optional().describe('Only check: read the sheet with this mapping and report what the sync would do; nothing is saved'),
});

/** PUT .../source: connect a Google Sheet, or keep the clients in StatusLink (issue 22). */
export const saveSourceBody = z.discriminatedUnion('type', [
  sheetSourceBody,
  z.object({ type: z.literal('managed') }).describe("Managed in StatusLink: the portal's clients are kept and written through the app and the API"),
]);

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const importQuery = z.object({
  columnMapping: z.string().max(2000).optional().describe('JSON object of field to column index; detected when absent'),
  dateOrder: z.enum(['mdy', 'dmy']).optional(),
  confirmDrop: booleanFlag.describe('Apply even when more than half of the clients would be removed'),
  dryRun: booleanFlag.describe('Report what the import would do; change nothing'),
  setupMethod: z.enum(['import', 'template']).optional(),
  fileName: z.string().max(500).optional().describe('The file name, kept with the file and offered again by GET .../import/file'),
});

const uploadSlotQuery = z
  .enum(['applied', 'held'])
  .default('applied')
  .describe("'applied': the file the portal data comes from; 'held': the upload held back for its large drop");

export const uploadedFileQuery = z.object({ slot: uploadSlotQuery });

export const applyUploadedFileBody = z
  .object({
    slot: uploadSlotQuery,
    columnMapping: columnMappingSchema.optional().describe("Field to column index; when absent, the held upload's own, or for the applied file the portal's saved one"),
    dateOrder: z.enum(['mdy', 'dmy']).optional(),
    confirmDrop: z.boolean().optional().describe('Apply even when more than half of the clients would be removed'),
    dryRun: z.boolean().optional().describe('Only check: report what the import would do with this mapping; nothing is changed'),
    expectedSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional()
      .describe("The file's sha256 as shown (uploads.*.sha256): 409 file_changed if the kept file is another one now"),
  })
  .nullish();

export const syncBody = z.object({ confirmDrop: z.boolean().optional() }).nullish();

export const clientsQuery = z.object({
  search: z.string().max(200).optional(),
  status: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  removed: booleanFlag,
});

export {
  analysisSchema,
  clientListSchema,
  clientSchema,
  importReportSchema,
  portalDetailSchema,
  portalListSchema,
  portalSchema,
  syncRunSchema,
} from '@core/api/portals';
