import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardNotificationsRequestSchema, cardNotificationsSchema, unsubscribeStatusSchema } from '@core/api/notifications';
import { setEmailUpdatesByLink, setEmailUpdatesFromCard, unsubscribeStatus } from '../../services/notifications/email-updates-choice';
import { errorShape, portalIdParams } from '../v1/portal-schemas';

const tokenQuery = z.object({ t: z.string().min(1).max(600) });
const errors = { 400: errorShape, 401: errorShape, 404: errorShape };

/** Unsubscribe (RFC 8058) and the portal card's "E-mail me updates" switch: the client's own choice (issue 19). */
export async function publicNotificationRoutes(app: FastifyInstance) {
  // A mail program's one-click POST is a form (`List-Unsubscribe=One-Click`); the token in the address is all it needs.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/public/unsubscribe',
    {
      schema: {
        tags: ['public'],
        summary: 'Whose e-mail updates an unsubscribe link is for and whether they are on; a browser is sent to the unsubscribe page',
        querystring: tokenQuery,
        response: { 200: unsubscribeStatusSchema, 303: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const accept = req.headers.accept ?? '';
      if (accept.includes('text/html') && !accept.includes('application/json')) {
        return reply.status(303).header('location', `/unsubscribe?t=${encodeURIComponent(req.query.t)}`).send(null);
      }
      reply.header('cache-control', 'no-store');
      return unsubscribeStatus(app.ctx, req.query.t);
    },
  );

  r.post(
    '/api/public/unsubscribe',
    {
      schema: {
        tags: ['public'],
        summary: 'One-click unsubscribe (RFC 8058): turns e-mail updates off for the address the link was sent to',
        querystring: tokenQuery,
        response: { 200: unsubscribeStatusSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return setEmailUpdatesByLink(app.ctx, req.query.t, false, req.headers.origin ? 'unsubscribe_page' : 'one_click');
    },
  );

  r.put(
    '/api/public/unsubscribe',
    {
      schema: {
        tags: ['public'],
        summary: 'Turns e-mail updates on or off from the unsubscribe page (only the client, who holds the link, can)',
        querystring: tokenQuery,
        body: z.object({ subscribed: z.boolean() }),
        response: { 200: unsubscribeStatusSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return setEmailUpdatesByLink(app.ctx, req.query.t, req.body.subscribed, 'unsubscribe_page');
    },
  );

  r.put(
    '/api/public/portals/:portalId/notifications',
    {
      schema: {
        tags: ['public'],
        summary: 'The card\'s "E-mail me updates" switch, with the card session of an access link or a verified code',
        params: portalIdParams,
        body: cardNotificationsRequestSchema,
        response: { 200: cardNotificationsSchema, ...errors, 503: errorShape },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return setEmailUpdatesFromCard(app.ctx, req.params.portalId, req.body);
    },
  );
}
