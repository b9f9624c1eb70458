import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/session';
import { listClients } from '../../services/clients/list-clients';
import { getPortalRow } from '../../services/portals/get-portal';
import { sessionBusiness } from './business-context';
import { clientListSchema, clientsQuery, errorShape, portalIdParams } from './portal-schemas';

/** A portal's clients, for the business's own list. */
export async function clientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preHandler', requireSession);
  r.get(
    '/api/v1/portals/:portalId/clients',
    {
      schema: {
        tags: ['portal data'],
        summary: "One page of a portal's clients in sheet order (search: part of name, e-mail or status; status: exact)",
        params: portalIdParams,
        querystring: clientsQuery,
        response: { 200: clientListSchema, 400: errorShape, 404: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      const portal = await getPortalRow(app.ctx.db, business.id, req.params.portalId);
      const page = await listClients(app.ctx.db, portal.id, req.query);
      return { ...page, page: req.query.page, pageSize: req.query.pageSize };
    },
  );
}
