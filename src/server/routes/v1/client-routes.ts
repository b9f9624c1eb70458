import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { restoredClientSchema } from '@core/api/clients';
import { businessApi } from '../../plugins/api-key-auth';
import { listClients } from '../../services/clients/list-clients';
import { restoreClient } from '../../services/clients/restore-client';
import { getPortalRow } from '../../services/portals/get-portal';
import { restoreManagedClient } from './managed-client-routes';
import { sessionBusiness } from './business-context';
import { clientListSchema, clientsQuery, errorShape, portalIdParams } from './portal-schemas';

const clientParams = portalIdParams.extend({ clientId: z.string().min(1).max(500) });

/** A portal's clients, for the business's own list, and the restore of a removed client. */
export async function clientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  businessApi(r);
  r.get(
    '/api/v1/portals/:portalId/clients',
    {
      schema: {
        tags: ['portal data'],
        summary:
          "One page of a portal's clients in sheet order (search: part of name, e-mail or status; status: exact; removed=true: the clients a sync removed, kept 30 days)",
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

  r.post(
    '/api/v1/portals/:portalId/clients/:clientId/restore',
    {
      schema: {
        tags: ['portal data'],
        summary:
          'Restores a client a sync removed, with its history and manual position. Kept until the source next changes; add the row back to the sheet to keep it for good. 409 not_removed when the client is not removed, 409 sync_in_progress while a sync runs.',
        params: clientParams,
        response: { 200: restoredClientSchema, 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 409: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      const portal = await getPortalRow(app.ctx.db, business.id, req.params.portalId);
      if (portal.sourceType === 'managed') return restoreManagedClient(app.ctx, req);
      return restoreClient(app.ctx, business.id, req.params.portalId, req.params.clientId, {
        userId: req.sessionUser!.id,
        ipAddress: req.ip,
        timeZone: business.timeZone,
      });
    },
  );
}
