// The response of GET /api/v1/portals/{portalId}/analytics: one definition for the route (validation and OpenAPI),
// the service that computes it and the web app that shows it (which imports only the type).
import { z } from 'zod';

/** The periods the analytics page offers (spec 2.15), in days, today included. */
export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

const count = z.number().int();

export const portalAnalyticsSchema = z.object({
  portalId: z.string(),
  level: z
    .enum(['basic', 'full'])
    .describe("The plan's analytics: basic = totals and status breakdown (newClients, avgDaysToComplete and lookups are null); full = everything"),
  days: z.union(analyticsPeriods.map((d) => z.literal(d)) as [z.ZodLiteral<7>, z.ZodLiteral<30>, z.ZodLiteral<90>]),
  timeZone: z.string().describe("The business's time zone, in which days are counted"),
  from: z.iso.date().describe('First day of the period'),
  to: z.iso.date().describe('Last day of the period (today)'),
  sourceType: z.enum(['google_sheet', 'csv_upload', 'managed', 'none']),
  lastUpdated: z.iso.datetime().nullable().describe('The last sync or import that applied; null: never'),
  totalClients: count.describe('Clients in the period: current clients not completed, plus those completed in the period'),
  completed: count.describe('Clients completed in the period (at their recorded change into a completed status, else when first seen)'),
  completionRate: count.describe('round(completed / totalClients x 100)'),
  inProgress: count,
  pending: count,
  cancelled: count,
  other: count,
  newClients: count.nullable().describe('Current clients first seen (imported) in the period; null on basic analytics'),
  avgDaysToComplete: z.number().nullable().describe('Mean days from first seen to the recorded completion, one decimal; null: not enough data, or basic analytics'),
  completionsMeasured: count.describe('Completions the average is computed from'),
  statusBreakdown: z.array(z.object({ status: z.string(), count, percent: count })),
  lookups: z
    .object({
      total: count,
      misses: count,
      rateLimited: count.describe('Lookups refused for too many requests (429), not answered and not counted toward the plan'),
      invalid: count.describe('Lookups refused as invalid (400: too short, a wrong code, malformed), not counted toward the plan'),
      days: z.array(z.object({ day: z.iso.date(), lookups: count, misses: count })).describe('Every day of the period, oldest first'),
    })
    .nullable()
    .describe('null on basic analytics'),
});

export type PortalAnalytics = z.infer<typeof portalAnalyticsSchema>;
