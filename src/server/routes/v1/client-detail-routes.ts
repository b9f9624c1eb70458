import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientDetailSchema } from '@core/api/portals';
import { manualPositionSchema, previewCardSchema, previousPositionsSchema } from '@core/api/clients';
import { businessApi } from '../../plugins/api-key-auth';
import { getClientDetail } from '../../services/client-detail/get-client-detail';
import { clearManualPositions, restoreManualPositions, setQueuePosition } from '../../services/client-detail/set-queue-position';
import { previewClientCard } from '../../services/portals/preview-client-card';
import { sessionBusiness } from './business-context';
import { errorShape } from './portal-schemas';

const clientParams = z.object({ portalId: z.string().min(1).max(64), clientId: z.string().min(1).max(500) });
const portalParams = z.object({ portalId: z.string().min(1).max(64) });

const errors = { 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 409: errorShape };

/** The signed-in business, and who changes its queue (for the audit row and the recompute in its time zone). */
async function queueActor(req: FastifyRequest) {
  const business = await sessionBusiness(req);
  return { business, actor: { businessId: business.id, userId: req.sessionUser!.id, ipAddress: req.ip, timeZone: business.timeZone } };
}

/** One client of the business's portal: row, status history, and its manual queue position (D4). */
export async function clientDetailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  businessApi(r);

  r.get(
    '/api/v1/portals/:portalId/clients/:clientId',
    {
      schema: {
        tags: ['business app'],
        summary: 'A client: its sheet row, queue figures and status history with times',
        params: clientParams,
        response: { 200: clientDetailSchema, ...errors },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return getClientDetail(app.ctx.db, business.id, req.params.portalId, req.params.clientId);
    },
  );

  r.put(
    '/api/v1/portals/:portalId/clients/:clientId/queue-position',
    {
      schema: {
        tags: ['business app'],
        summary: "Puts a queued client at a position of the queue (null clears its override); returns what to send to undo",
        params: clientParams,
        body: z.object({ position: z.number().int().min(1).max(1_000_000).nullable() }),
        response: { 200: previousPositionsSchema, ...errors },
      },
    },
    async (req) => {
      const { business, actor } = await queueActor(req);
      return setQueuePosition(app.ctx, business.id, req.params.portalId, req.params.clientId, req.body.position, actor);
    },
  );

  r.put(
    '/api/v1/portals/:portalId/manual-positions',
    {
      schema: {
        tags: ['business app'],
        summary: 'Restores manual queue positions as returned by a position change (undo)',
        params: portalParams,
        body: z.object({ positions: z.array(manualPositionSchema).max(10_000) }),
        response: { 200: previousPositionsSchema, ...errors },
      },
    },
    async (req) => {
      const { business, actor } = await queueActor(req);
      return restoreManualPositions(app.ctx, business.id, req.params.portalId, req.body.positions, actor);
    },
  );

  r.delete(
    '/api/v1/portals/:portalId/manual-positions',
    {
      schema: {
        tags: ['business app'],
        summary: 'Puts the whole queue back in automatic order (clears every manual position); returns what to send to undo',
        params: portalParams,
        response: { 200: previousPositionsSchema, ...errors },
      },
    },
    async (req) => {
      const { business, actor } = await queueActor(req);
      return clearManualPositions(app.ctx, business.id, req.params.portalId, actor);
    },
  );

  r.get(
    '/api/v1/portals/:portalId/card-preview',
    {
      schema: {
        tags: ['business app'],
        summary: "The portal's card for one of its clients (the first by sheet row without clientId), every part present: the Template Configurator's sample",
        params: portalParams,
        querystring: z.object({ clientId: z.string().min(1).max(500).optional() }),
        response: { 200: previewCardSchema, ...errors },
      },
    },
    async (req, reply) => {
      const business = await sessionBusiness(req);
      reply.header('cache-control', 'no-store');
      return previewClientCard(app.ctx.db, business, req.params.portalId, req.query.clientId, app.ctx.clock.now());
    },
  );
}
