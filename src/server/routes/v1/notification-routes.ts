import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientMessagesSchema,
  invitationRequestSchema,
  invitationResultSchema,
  notificationSummarySchema,
  notificationPreviewRequestSchema,
  notificationPreviewSchema,
  notificationSettingsViewSchema,
  notificationTestSentSchema,
  saveNotificationSettingsSchema,
  smsConsentRequestSchema,
  smsConsentViewSchema,
} from '@core/api/notifications';
import { requireSession } from '../../plugins/session';
import { getNotificationSettings } from '../../services/notifications/get-notification-settings';
import { listClientMessages } from '../../services/notifications/list-client-messages';
import { previewNotification, sendTestNotification } from '../../services/notifications/preview-notification';
import { saveNotificationSettings } from '../../services/notifications/save-notification-settings';
import { sendInvitations } from '../../services/notifications/send-invitations';
import { setSmsConsentByOwner, smsConsentView } from '../../services/notifications/sms-consent';
import { notificationSummary } from '../../services/notifications/notification-summary';
import { sessionBusiness } from './business-context';
import { errorShape, portalIdParams } from './portal-schemas';

const clientParams = z.object({ portalId: z.string().min(1).max(64), clientId: z.string().min(1).max(500) });
const errors = { 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape };

/** A portal's client notifications: settings, preview, test send, and each client's messages (issue 19). */
export async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireSession);
  smsConsentRoutes(app);

  r.get(
    '/api/v1/portals/:portalId/notification-settings',
    {
      schema: {
        tags: ['business app'],
        summary: "The portal's client notification settings, with the statuses found in its data and whether mail can go out",
        params: portalIdParams,
        response: { 200: notificationSettingsViewSchema, ...errors },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return getNotificationSettings(app.ctx, business, req.params.portalId);
    },
  );

  r.put(
    '/api/v1/portals/:portalId/notification-settings',
    {
      schema: {
        tags: ['business app'],
        summary: 'Saves the notification settings (triggers, window, quiet hours, status lines, texts); an unknown placeholder is refused, named',
        params: portalIdParams,
        body: saveNotificationSettingsSchema,
        response: { 200: notificationSettingsViewSchema, ...errors },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return saveNotificationSettings(app.ctx, business, req.params.portalId, req.body, { userId: req.sessionUser!.id, ipAddress: req.ip });
    },
  );

  r.post(
    '/api/v1/portals/:portalId/notification-settings/preview',
    {
      schema: {
        tags: ['business app'],
        summary: 'The e-mail a client would get with these (unsaved) settings: an update or the invitation',
        params: portalIdParams,
        body: notificationPreviewRequestSchema,
        response: { 200: notificationPreviewSchema, ...errors },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return previewNotification(app.ctx, business.id, req.params.portalId, req.body);
    },
  );

  r.post(
    '/api/v1/portals/:portalId/notification-settings/test',
    {
      schema: {
        tags: ['business app'],
        summary: "Sends the preview to the signed-in owner's own address, marked as a test",
        params: portalIdParams,
        body: notificationPreviewRequestSchema,
        response: { 200: notificationTestSentSchema, ...errors, 503: errorShape },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return sendTestNotification(app.ctx, business.id, req.params.portalId, req.body, req.sessionUser!.email);
    },
  );

  r.get(
    '/api/v1/portals/:portalId/clients/:clientId/messages',
    {
      schema: {
        tags: ['business app'],
        summary: 'Every message to the client (time, trigger, channel, result) and whether e-mail reaches them',
        params: clientParams,
        response: { 200: clientMessagesSchema, ...errors },
      },
    },
    async (req, reply) => {
      const business = await sessionBusiness(req);
      reply.header('cache-control', 'no-store');
      return listClientMessages(app.ctx.db, business.id, req.params.portalId, req.params.clientId);
    },
  );

  r.post(
    '/api/v1/portals/:portalId/invitations',
    {
      schema: {
        tags: ['business app'],
        summary: 'Invites clients (some by id, or all) by e-mail with their personal access link; existing links are kept unless rotateLinks',
        params: portalIdParams,
        body: invitationRequestSchema,
        response: { 200: invitationResultSchema, ...errors },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return sendInvitations(app.ctx, business.id, req.params.portalId, req.body, { userId: req.sessionUser!.id, ipAddress: req.ip });
    },
  );

  r.get(
    '/api/v1/notifications/summary',
    {
      schema: {
        tags: ['business app'],
        summary: "Messages sent to the business's clients this month, and whether mail is held",
        response: { 200: notificationSummarySchema, 401: errorShape, 403: errorShape },
      },
    },
    async (req, reply) => {
      const business = await sessionBusiness(req);
      reply.header('cache-control', 'no-store');
      return notificationSummary(app.ctx, business);
    },
  );
}

/** A client's consent to texts, as the owner sees and records it (issue 19 item 7). */
function smsConsentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/portals/:portalId/clients/:clientId/sms-consent',
    {
      schema: {
        tags: ['business app'],
        summary: "The client's number for texts (from the phone column, masked) and whether they agreed to texts",
        params: clientParams,
        response: { 200: smsConsentViewSchema, ...errors },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return smsConsentView(app.ctx.db, business.id, req.params.portalId, req.params.clientId);
    },
  );

  r.put(
    '/api/v1/portals/:portalId/clients/:clientId/sms-consent',
    {
      schema: {
        tags: ['business app'],
        summary: "Records that the client agreed to texts (or withdraws it); a client's STOP cannot be overridden (409 sms_opted_out)",
        params: clientParams,
        body: smsConsentRequestSchema,
        response: { 200: smsConsentViewSchema, ...errors, 409: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      return setSmsConsentByOwner(app.ctx, business.id, req.params.portalId, req.params.clientId, req.body.consented, { userId: req.sessionUser!.id, ipAddress: req.ip });
    },
  );
}
