import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@core/api/dashboard';
import { businessApi } from '../../plugins/api-key-auth';
import { getDashboard } from '../../services/dashboard/get-dashboard';
import { sessionBusiness } from './business-context';
import { errorShape, portalIdParams } from './portal-schemas';

/** The business app's dashboard figures of one portal (spec 2.15). */
export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  businessApi(r);
  r.get(
    '/api/v1/portals/:portalId/dashboard',
    {
      schema: {
        tags: ['business app'],
        summary: 'Total clients, completed, in progress, pending, the status breakdown and the 5 latest clients',
        params: portalIdParams,
        response: { 200: dashboardSchema, 401: errorShape, 403: errorShape, 404: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return getDashboard(app.ctx.db, business.id, req.params.portalId);
    },
  );
}
