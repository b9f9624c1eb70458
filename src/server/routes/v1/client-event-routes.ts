import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientEventPageSchema, clientEventsQuery } from '@core/api/client-events';
import { businessApi } from '../../plugins/api-key-auth';
import { listClientEvents } from '../../services/client-events/list-client-events';
import { sessionBusiness } from './business-context';
import { errorShape, portalIdParams } from './portal-schemas';

/** A portal's client events, paged in order (decision 0011); an API key of read scope may read them. */
export async function clientEventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  businessApi(r);
  r.get(
    '/api/v1/portals/:portalId/events',
    {
      schema: {
        tags: ['portal data'],
        summary: "What changed for the portal's clients, in order: added, status changed, completed, cancelled, moved in the queue, new estimate, removed, restored",
        description:
          'Each sync, upload, manual queue position, restore and queue recalculation records one event per client change, with the data. Read them in pages: pass the previous page\'s nextAfter as after. Events are kept 90 days.',
        params: portalIdParams,
        querystring: clientEventsQuery,
        response: { 200: clientEventPageSchema, 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return listClientEvents(app.ctx.db, business.id, req.params.portalId, req.query);
    },
  );
}
