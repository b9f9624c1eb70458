import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardNotificationsRequestSchema, cardNotificationsSchema, cardTextsRequestSchema, cardTextUpdatesSchema, smsCodeRequestSchema, smsCodeSentSchema, unsubscribeStatusSchema } from '@core/api/notifications';
import twilio from 'twilio';
import { notificationTexts } from '@core/notification-texts';
import { AppError } from '../../errors';
import { twilioSender } from '../../integrations/sms/twilio-sms';
import { handleInboundText, recordTextStatus, SMS_INBOUND_PATH, SMS_STATUS_PATH } from '../../services/notifications/deliver-text-message';
import { setEmailUpdatesByLink, setEmailUpdatesFromCard, unsubscribeStatus } from '../../services/notifications/email-updates-choice';
import { sendSmsOptInCode, setTextUpdatesFromCard } from '../../services/notifications/sms-card-opt-in';
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

  /** A Twilio webhook's form, once its X-Twilio-Signature is checked over APP_URL + the path (and query) it was sent to. */
  const signedForm = (req: { body: unknown; url: string; headers: Record<string, string | string[] | undefined> }): Record<string, string> => {
    const sender = twilioSender(app.ctx.env);
    const params = Object.fromEntries(new URLSearchParams(typeof req.body === 'string' ? req.body : ''));
    const signature = req.headers['x-twilio-signature'];
    if (!sender || !sender.validSignature(typeof signature === 'string' ? signature : undefined, `${app.ctx.env.APP_URL}${req.url}`, params)) {
      throw new AppError(403, 'invalid_signature', notificationTexts.sms.badSignature);
    }
    return params;
  };
  const twilioHook = { tags: ['public'], headers: z.object({ 'x-twilio-signature': z.string().max(200).optional() }).passthrough(), body: z.string().max(10_000).optional() };

  r.post(
    SMS_STATUS_PATH,
    { schema: { ...twilioHook, summary: "Twilio's delivery report of a text (signed): delivered, or undelivered with the carrier's error", response: { 204: z.null(), 403: errorShape } } },
    async (req, reply) => {
      await recordTextStatus(app.ctx, signedForm(req));
      return reply.status(204).send(null);
    },
  );

  r.post(
    SMS_INBOUND_PATH,
    { schema: { ...twilioHook, summary: 'Texts to our number (signed): STOP ends texts to that number, START gives them back, HELP says who sends them' } },
    async (req, reply) => {
      const answer = await handleInboundText(app.ctx, signedForm(req));
      const twiml = new twilio.twiml.MessagingResponse();
      if (answer) twiml.message(answer);
      return reply.type('text/xml').send(twiml.toString());
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

  r.post(
    '/api/public/portals/:portalId/sms-consent/code',
    {
      schema: {
        tags: ['public'],
        summary: "Texts a 6-digit code to the card's client (the number in the phone column), to agree to texts for urgent updates",
        description:
          'Needs the card session of an access link or a verified code. 409 `sms_unavailable` when texts cannot reach the client ' +
          '(texts off, no SMS provider on the server, plan, no number); at most one code a minute and five an hour (429).',
        params: portalIdParams,
        body: smsCodeRequestSchema,
        response: { 202: smsCodeSentSchema, ...errors, 409: errorShape, 429: errorShape, 503: errorShape },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(202).send(await sendSmsOptInCode(app.ctx, req.params.portalId, req.body.session));
    },
  );

  r.put(
    '/api/public/portals/:portalId/sms-consent',
    {
      schema: {
        tags: ['public'],
        summary: 'The card\'s "Text me urgent updates": on with the texted code and its challenge (consent recorded), off with the card session',
        params: portalIdParams,
        body: cardTextsRequestSchema,
        response: { 200: cardTextUpdatesSchema, ...errors, 409: errorShape, 503: errorShape },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return setTextUpdatesFromCard(app.ctx, req.params.portalId, req.body);
    },
  );
}
