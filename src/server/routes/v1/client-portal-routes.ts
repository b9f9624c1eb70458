import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessLinkStateSchema, clientUpdateListSchema, createdAccessLinkSchema, markedReadSchema, revokedAccessLinkSchema } from '@core/api/clients';
import { usageSchema } from '@core/api/dashboard';
import { requireBusinessCaller } from '../../plugins/api-key-auth';
import { requireSession } from '../../plugins/session';
import { getAccessLink, revokeAccessLink, rotateAccessLink } from '../../services/client-access/access-link';
import { listClientUpdates, listPortalUpdates, markClientUpdatesRead } from '../../services/client-updates/list-client-updates';
import { getUsage } from '../../services/usage/get-usage';
import { sessionBusiness } from './business-context';

// The business side of the public portal: clients' access links (D3), their updates, and the month's lookups
// against the plan (D5). Every route needs a signed-in owner; the business comes from the session, never from
// the request, so another business's portal or client is simply not found.

const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const clientParams = z.object({ portalId: z.string().min(1).max(64), clientId: z.string().min(1).max(500) });
const portalParams = z.object({ portalId: z.string().min(1).max(64) });

const errors = { 401: errorShape, 403: errorShape, 404: errorShape, 429: errorShape };

export async function clientPortalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/portals/:portalId/clients/:clientId';

  r.get(
    `${base}/access-link`,
    {
      preValidation: requireBusinessCaller,
      schema: { tags: ['business'], summary: "Whether the client has an access link (the link itself is shown only when made)", params: clientParams, response: { 200: accessLinkStateSchema, ...errors } },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return getAccessLink(app.ctx.db, business.id, req.params.portalId, req.params.clientId);
    },
  );

  r.post(
    `${base}/access-link`,
    {
      preValidation: requireBusinessCaller,
      schema: {
        tags: ['business'],
        summary: "Make a new access link for the client (the old one stops working); the link is returned once",
        params: clientParams,
        response: { 201: createdAccessLinkSchema, ...errors },
      },
    },
    async (req, reply) => {
      const business = await sessionBusiness(req);
      const link = await rotateAccessLink(app.ctx.db, app.ctx.env, {
        businessId: business.id,
        portalId: req.params.portalId,
        clientId: req.params.clientId,
        actorUserId: req.sessionUser!.id,
        ipAddress: req.ip,
      });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(link);
    },
  );

  r.delete(
    `${base}/access-link`,
    {
      preValidation: requireBusinessCaller,
      schema: { tags: ['business'], summary: "Revoke the client's access link", params: clientParams, response: { 200: revokedAccessLinkSchema, ...errors } },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      const revoked = await revokeAccessLink(app.ctx.db, {
        businessId: business.id,
        portalId: req.params.portalId,
        clientId: req.params.clientId,
        actorUserId: req.sessionUser!.id,
        ipAddress: req.ip,
      });
      return { revoked };
    },
  );

  r.get(
    `${base}/updates`,
    {
      preValidation: requireBusinessCaller,
      schema: { tags: ['business'], summary: "The client's updates and questions sent from the portal, newest first", params: clientParams, response: { 200: clientUpdateListSchema, ...errors } },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return listClientUpdates(app.ctx.db, business.id, req.params.portalId, req.params.clientId);
    },
  );

  r.post(
    `${base}/updates/read`,
    {
      preValidation: requireBusinessCaller,
      schema: {
        tags: ['business'],
        summary: "Mark the client's updates read (all, or the given ids)",
        params: clientParams,
        body: z.object({ ids: z.array(z.uuid()).max(500).optional() }),
        response: { 200: markedReadSchema, 400: errorShape, ...errors },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      const marked = await markClientUpdatesRead(app.ctx.db, {
        businessId: business.id,
        portalId: req.params.portalId,
        clientId: req.params.clientId,
        actorUserId: req.sessionUser!.id,
        ids: req.body.ids,
      });
      return { marked };
    },
  );

  r.get(
    '/api/v1/portals/:portalId/updates',
    {
      preValidation: requireBusinessCaller,
      schema: {
        tags: ['business'],
        summary: "The portal's latest client updates, newest first",
        params: portalParams,
        querystring: z.object({ unread: z.enum(['true', 'false']).optional() }),
        response: { 200: clientUpdateListSchema, ...errors },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return listPortalUpdates(app.ctx.db, business.id, req.params.portalId, { unreadOnly: req.query.unread === 'true' });
    },
  );

  r.get(
    '/api/v1/usage',
    {
      preValidation: requireSession,
      schema: {
        tags: ['business'],
        summary: "This month's portal lookups against the plan's searches (D5)",
        response: {
          200: usageSchema,
          ...errors,
        },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return getUsage(app.ctx, business);
    },
  );
}
