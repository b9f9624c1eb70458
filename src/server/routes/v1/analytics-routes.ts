import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessApi } from '../../plugins/api-key-auth';
import { analyticsPeriods, portalAnalyticsSchema, type AnalyticsPeriod } from '@core/api/portal-analytics';
import { estimateAccuracySchema } from '@core/api/estimates';
import { ACCURACY_PERIODS, type AccuracyPeriod } from '@core/estimates/accuracy';
import { getPortalAnalytics } from '../../services/analytics/get-portal-analytics';
import { getEstimateAccuracy } from '../../services/estimates/estimate-accuracy';
import { sessionBusiness } from './business-context';
import { errorShape, portalIdParams } from './portal-schemas';

const analyticsQuery = z.object({
  days: z
    .enum(analyticsPeriods.map(String) as ['7', '30', '90'], { error: 'days must be 7, 30 or 90' })
    .default('30')
    .describe('Length of the period in days, today included (business time zone)'),
});

const accuracyQuery = z.object({
  days: z
    .enum(ACCURACY_PERIODS.map(String) as ['7', '30', '90'], { error: 'days must be 7, 30 or 90' })
    .default('30')
    .describe('Clients completed in the last `days` days, today included (business time zone)'),
});

/** The business app's analytics of one portal for 7, 30 or 90 days (spec 2.15, decisions D1). */
export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  businessApi(r);
  r.get(
    '/api/v1/portals/:portalId/analytics',
    {
      schema: {
        tags: ['business app'],
        summary: 'Clients, completion rate, average time to complete, status breakdown and portal lookups per day of a period',
        params: portalIdParams,
        querystring: analyticsQuery,
        response: { 200: portalAnalyticsSchema, 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return getPortalAnalytics(app.ctx, business, req.params.portalId, Number(req.query.days) as AnalyticsPeriod);
    },
  );
  r.get(
    '/api/v1/portals/:portalId/estimates/accuracy',
    {
      schema: {
        tags: ['business app'],
        summary: "How the estimates fared: for clients completed in the period, how often the completion fell inside the range shown 30, 14 and 7 days before, after it, and the median error of the most likely date",
        params: portalIdParams,
        querystring: accuracyQuery,
        response: { 200: estimateAccuracySchema, 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return getEstimateAccuracy(app.ctx, business, req.params.portalId, Number(req.query.days) as AccuracyPeriod);
    },
  );
}
