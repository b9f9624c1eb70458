// Answers of the business app's overview routes: a portal's dashboard figures, the month's lookups, and the
// workload figures with their preview. For the routes (validation and OpenAPI) and the web app (types only).
import { z } from 'zod';
import { portalSchema } from './portals';

const statusClass = z.enum(['completed', 'cancelled', 'in-progress', 'pending', 'other']);
export type DashboardStatusClass = z.infer<typeof statusClass>;

/** GET /api/v1/portals/{portalId}/dashboard (spec 2.15) */
export const dashboardSchema = z.object({
  portalId: z.string(),
  sourceType: z.enum(['google_sheet', 'csv_upload', 'managed', 'none']),
  lastUpdated: z.iso.datetime().nullable().describe('The last sync or import that applied; null: never'),
  totalClients: z.number().int(),
  completed: z.number().int(),
  inProgress: z.number().int(),
  pending: z.number().int(),
  statusBreakdown: z.array(z.object({ status: z.string(), count: z.number().int() })),
  recent: z.array(
    z.object({
      clientId: z.string(),
      name: z.string(),
      email: z.string(),
      status: z.string(),
      statusClass,
      updatedAt: z.iso.datetime(),
    }),
  ),
});
export type DashboardData = z.infer<typeof dashboardSchema>;

/** GET /api/v1/usage: this month's portal lookups against the plan (D5). */
export const usageSchema = z.object({
  month: z.string().describe('YYYY-MM in the business time zone'),
  used: z.number().int(),
  limit: z.number().int().nullable().describe('null: unlimited'),
  level: z.enum(['ok', 'warning', 'exceeded']).describe('warning from 80%, exceeded from 100%; clients are never cut off'),
  plan: z.string(),
  days: z.array(z.object({ day: z.string(), lookups: z.number().int(), misses: z.number().int() })),
});
export type Usage = z.infer<typeof usageSchema>;

const workloadFiguresSchema = z.object({
  activeProjects: z.number().int(),
  estimatedDays: z.number(),
  workingDaysToFree: z.number().int(),
  nextAvailableDate: z.string(),
  capacityUtilisation: z.number().int(),
  capacityBand: z.enum(['green', 'yellow', 'red']),
});
export type WorkloadFigures = z.infer<typeof workloadFiguresSchema>;

/** POST /api/v1/portals/{portalId}/workload/preview (spec 2.15 Workload Management, spec 9) */
export const workloadPreviewSchema = z.object({
  hasSource: z.boolean(),
  settings: portalSchema.shape.workloadSettings,
  current: workloadFiguresSchema,
  proposed: workloadFiguresSchema,
  queue: z.array(z.object({ clientId: z.string(), name: z.string(), position: z.number().int(), currentEstimate: z.string(), proposedEstimate: z.string() })),
  changedEstimates: z.number().int(),
});
export type WorkloadPreview = z.infer<typeof workloadPreviewSchema>;
