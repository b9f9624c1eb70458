import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { templateCsv } from '@core/sheet-template';
import { businessApi } from '../../plugins/api-key-auth';
import { createPortal } from '../../services/portals/create-portal';
import { deletePortal } from '../../services/portals/delete-portal';
import { getPortal } from '../../services/portals/get-portal';
import { listPortals } from '../../services/portals/list-portals';
import { updatePortal } from '../../services/portals/update-portal';
import { recomputeQueue } from '../../services/sheet-sync/recompute-queue';
import { sessionBusiness } from './business-context';
import { createPortalBody, errorShape, portalDetailSchema, portalIdParams, portalListSchema, portalSchema, updatePortalBody } from './portal-schemas';

/** Portals of the signed-in business: list, create (within the plan), read, change, delete; the sheet template. */
export async function portalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  businessApi(r);

  r.get(
    '/api/v1/portals',
    {
      schema: {
        tags: ['portals'],
        summary: "The business's portals, with what its plan still allows",
        response: { 200: portalListSchema, 401: errorShape, 403: errorShape },
      },
    },
    async (req) => listPortals(app.ctx.db, await sessionBusiness(req)),
  );

  r.post(
    '/api/v1/portals',
    {
      schema: {
        tags: ['portals'],
        summary: "Creates a portal (403 portal_limit_reached past the plan's limit, with an upgrade hint)",
        body: createPortalBody,
        response: { 201: portalSchema, 401: errorShape, 403: errorShape },
      },
    },
    async (req, reply) => {
      const business = await sessionBusiness(req);
      const portal = await createPortal(app.ctx.db, business, { name: req.body?.name, actorUserId: req.sessionUser!.id, ipAddress: req.ip });
      return reply.status(201).send(portal);
    },
  );

  r.get(
    '/api/v1/portals/template.csv',
    {
      schema: {
        tags: ['portals'],
        summary: 'The client sheet template (spec 9: seven columns, five sample rows)',
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV'), 401: errorShape },
      },
    },
    async (_req, reply) => {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="client-status-template.csv"')
        .header('cache-control', 'no-store');
      return templateCsv();
    },
  );

  r.get(
    '/api/v1/portals/:portalId',
    {
      schema: {
        tags: ['portals'],
        summary: 'One portal: source, column mapping, sync state and latest run, configuration, workload settings',
        params: portalIdParams,
        response: { 200: portalDetailSchema, 401: errorShape, 404: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return getPortal(app.ctx.db, business.id, req.params.portalId);
    },
  );

  r.patch(
    '/api/v1/portals/:portalId',
    {
      schema: {
        tags: ['portals'],
        summary: 'Renames a portal or changes its sync interval, date order, configuration or workload settings (403 plan_feature: full branding outside the plan)',
        params: portalIdParams,
        body: updatePortalBody,
        response: { 200: portalSchema, 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      const { portal, queueStale } = await updatePortal(app.ctx, business, req.params.portalId, req.body, {
        userId: req.sessionUser!.id,
        ipAddress: req.ip,
      });
      if (queueStale) {
        // Positions and estimates follow the new settings now, unless a sync holds the lease (then the scheduler does).
        await recomputeQueue(app.ctx, portal.portalId, business.timeZone, { actor: { kind: 'user', userId: req.sessionUser!.id } });
        return getPortal(app.ctx.db, business.id, portal.portalId);
      }
      return portal;
    },
  );

  r.delete(
    '/api/v1/portals/:portalId',
    {
      schema: {
        tags: ['portals'],
        summary: 'Deletes a portal with its clients, their status history and its sync history',
        params: portalIdParams,
        response: { 204: z.null().describe('Deleted'), 401: errorShape, 404: errorShape },
      },
    },
    async (req, reply) => {
      const business = await sessionBusiness(req);
      await deletePortal(app.ctx, business.id, req.params.portalId, { userId: req.sessionUser!.id, ipAddress: req.ip });
      return reply.status(204).send(null);
    },
  );
}
