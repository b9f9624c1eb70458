import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessApi } from '../../plugins/api-key-auth';
import { getDashboard } from '../../services/dashboard/get-dashboard';
import { sessionBusiness } from './business-context';
import { errorShape, portalIdParams } from './portal-schemas';

const dashboardSchema = z.object({
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
      statusClass: z.enum(['completed', 'cancelled', 'in-progress', 'pending', 'other']),
      updatedAt: z.iso.datetime(),
    }),
  ),
});

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
