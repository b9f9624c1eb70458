import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/session';
import { analyticsPeriods, getPortalAnalytics, type AnalyticsPeriod } from '../../services/analytics/get-portal-analytics';
import { sessionBusiness } from './business-context';
import { errorShape, portalIdParams } from './portal-schemas';

const analyticsQuery = z.object({
  days: z
    .enum(analyticsPeriods.map(String) as ['7', '30', '90'], { error: 'days must be 7, 30 or 90' })
    .default('30')
    .describe('Length of the period in days, today included (business time zone)'),
});

const count = z.number().int();

const analyticsSchema = z.object({
  portalId: z.string(),
  days: z.union(analyticsPeriods.map((d) => z.literal(d)) as [z.ZodLiteral<7>, z.ZodLiteral<30>, z.ZodLiteral<90>]),
  timeZone: z.string().describe("The business's time zone, in which days are counted"),
  from: z.iso.date().describe('First day of the period'),
  to: z.iso.date().describe('Last day of the period (today)'),
  sourceType: z.enum(['google_sheet', 'csv_upload', 'none']),
  lastUpdated: z.iso.datetime().nullable().describe('The last sync or import that applied; null: never'),
  totalClients: count.describe('Clients in the period: current clients not completed, plus those completed in the period'),
  completed: count.describe('Clients completed in the period (at their recorded change into a completed status, else when first seen)'),
  completionRate: count.describe('round(completed / totalClients x 100)'),
  inProgress: count,
  pending: count,
  cancelled: count,
  other: count,
  newClients: count.describe('Current clients first seen (imported) in the period'),
  avgDaysToComplete: z.number().nullable().describe('Mean days from first seen to the recorded completion, one decimal; null: not enough data'),
  completionsMeasured: count.describe('Completions the average is computed from'),
  statusBreakdown: z.array(z.object({ status: z.string(), count, percent: count })),
  lookups: z.object({
    total: count,
    misses: count,
    days: z.array(z.object({ day: z.iso.date(), lookups: count, misses: count })).describe('Every day of the period, oldest first'),
  }),
});

/** The business app's analytics of one portal for 7, 30 or 90 days (spec 2.15, decisions D1). */
export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preHandler', requireSession);
  r.get(
    '/api/v1/portals/:portalId/analytics',
    {
      schema: {
        tags: ['business app'],
        summary: 'Clients, completion rate, average time to complete, status breakdown and portal lookups per day of a period',
        params: portalIdParams,
        querystring: analyticsQuery,
        response: { 200: analyticsSchema, 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return getPortalAnalytics(app.ctx, business, req.params.portalId, Number(req.query.days) as AnalyticsPeriod);
    },
  );
}
