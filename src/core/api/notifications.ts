// Request and response shapes of client notifications (issue 19): the routes validate with them, OpenAPI documents
// them, the web app infers its types from them.
import { z } from 'zod';
import { notificationSettingsSchema } from '../notification-settings';

const outage = z.object({ since: z.iso.datetime(), lastError: z.string() }).nullable();

/** GET /api/v1/portals/{portalId}/notification-settings */
export const notificationSettingsViewSchema = z.object({
  settings: notificationSettingsSchema,
  emailEnabled: z.boolean().describe("The portal's e-mail updates switch (the portal configuration's emailNotifications)"),
  statuses: z
    .array(z.object({ status: z.string(), key: z.string(), clients: z.number().int(), defaultLine: z.string() }))
    .describe('Statuses found in the portal data (most clients first), for the "what this means" lines'),
  mail: z.object({
    via: z.enum(['smtp', 'sendgrid', 'log']).describe("'log': no mail server is set up; messages are written to the server log"),
    outage: outage.describe('The mail server has been failing since then: messages are held and go out when it answers again'),
  }),
  counts: z.object({ optedOut: z.number().int(), bouncing: z.number().int() }),
  sms: z.object({
    configured: z.boolean().describe('An SMS provider (Twilio) is set up on this server; without one no text is sent'),
    missing: z.array(z.string()).describe('The TWILIO_* settings the operator has not set'),
    planIncludes: z.boolean().describe('The plan includes texts (Business and Enterprise)'),
    outage: outage.describe('The SMS provider has been failing since then: texts are held'),
    columns: z.array(z.string()).describe("The portal data's columns (headers), to choose the phone column from"),
    consented: z.number().int().describe('Numbers in this portal that agreed to texts'),
  }),
});
export type NotificationSettingsView = z.infer<typeof notificationSettingsViewSchema>;

/** PUT /api/v1/portals/{portalId}/notification-settings */
export const saveNotificationSettingsSchema = z.object({ settings: notificationSettingsSchema, emailEnabled: z.boolean() });
export type SaveNotificationSettings = z.infer<typeof saveNotificationSettingsSchema>;

/** POST .../notification-settings/preview: the e-mail a sample (or given) change would send, with unsaved settings. */
export const notificationPreviewRequestSchema = z.object({
  settings: notificationSettingsSchema,
  kind: z.enum(['update', 'invitation']).default('update'),
  /** The status to show (the first found in the data, or 'In Progress'). */
  status: z.string().trim().max(200).optional(),
});
export const notificationPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string(), from: z.string() });
export type NotificationPreview = z.infer<typeof notificationPreviewSchema>;

/** POST .../notification-settings/test: sends the preview to the signed-in owner. */
export const notificationTestSentSchema = z.object({ sentTo: z.string() });
export type NotificationTestSent = z.infer<typeof notificationTestSentSchema>;

/** POST /api/v1/portals/{portalId}/invitations */
export const invitationRequestSchema = z
  .object({
    clientIds: z.array(z.string().min(1).max(500)).max(50_000).optional(),
    all: z.boolean().optional(),
    rotateLinks: z.boolean().optional().describe('Make new access links (the old ones stop working); default false: existing links are kept'),
  })
  .refine((b) => b.all === true || (b.clientIds?.length ?? 0) > 0, { error: 'Choose the clients to invite, or all' });
export const invitationResultSchema = z.object({
  queued: z.number().int(),
  skipped: z.array(z.object({ clientId: z.string(), name: z.string(), email: z.string(), reason: z.string() })),
});
export type InvitationResult = z.infer<typeof invitationResultSchema>;

export const messageStates = ['pending', 'held', 'sending', 'sent', 'bounced', 'failed', 'skipped'] as const;

/** One message to a client, as the business sees it. */
export const clientMessageSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  channel: z.enum(['email', 'sms']),
  purpose: z.enum(['update', 'invitation']),
  triggers: z.array(z.string()),
  state: z.enum(messageStates),
  /** e.g. 'Sent', 'Held for quiet hours', 'Not sent' */
  result: z.string(),
  detail: z.string().nullable().describe('Why it was not sent, or the last error while retrying'),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  sendAfter: z.iso.datetime().describe('When it goes (pending, held) or is tried again (sending)'),
  via: z.string().nullable(),
});
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** GET /api/v1/portals/{portalId}/clients/{clientId}/messages */
export const clientMessagesSchema = z.object({
  messages: z.array(clientMessageSchema),
  email: z.object({
    address: z.string(),
    valid: z.boolean(),
    optedOut: z.boolean().describe('The client turned e-mail updates off (only the client can turn them on again)'),
    bouncing: z.object({ since: z.iso.datetime(), reason: z.string() }).nullable(),
    problem: z.string().nullable().describe('Why e-mails cannot reach this client, in words'),
  }),
});
export type ClientMessages = z.infer<typeof clientMessagesSchema>;

/** GET|PUT /api/v1/portals/{portalId}/clients/{clientId}/sms-consent */
export const smsConsentViewSchema = z.object({
  phone: z.string().nullable().describe('The number in the phone column, masked; null when there is none that can be texted'),
  consent: z
    .enum(['given', 'none', 'stopped'])
    .describe("'stopped': the client replied STOP or turned texts off on their card (only the client can undo it: START, or a code on the card)"),
  via: z.enum(['owner', 'code', 'stop', 'start']).nullable().describe('How the consent was given: recorded by the owner, a code sent to the phone, a START reply'),
  since: z.iso.datetime().nullable().describe('When the consent (or its withdrawal) was recorded'),
  recordedBy: z.string().nullable().describe('The name of the user who recorded the consent (via owner)'),
  problem: z.string().nullable().describe('Why texts cannot reach this client, in words'),
});
export type SmsConsentView = z.infer<typeof smsConsentViewSchema>;
export const smsConsentRequestSchema = z.object({ consented: z.boolean().describe('true: the owner records that the client agreed to texts') });

/** GET /api/public/unsubscribe?t= */
export const unsubscribeStatusSchema = z.object({
  companyName: z.string(),
  email: z.string().describe('The address, masked'),
  subscribed: z.boolean(),
});
export type UnsubscribeStatus = z.infer<typeof unsubscribeStatusSchema>;

/** PUT /api/public/portals/{portalId}/notifications (the card's switch) */
export const cardNotificationsRequestSchema = z.object({
  session: z.string().min(1).max(1000).describe("The card's session (from an access link or a verified code)"),
  email: z.boolean(),
});
export const cardNotificationsSchema = z.object({ email: z.boolean() });
export type CardNotifications = z.infer<typeof cardNotificationsSchema>;

/** What a verified card shows about texts for urgent updates (only when texts can reach the client). */
export const cardTextUpdatesSchema = z.object({
  phone: z.string().describe('The number in the phone column, masked'),
  consent: z.enum(['given', 'none', 'stopped']).describe("'stopped': the number replied STOP (START gives texts back)"),
});
export type CardTextUpdates = z.infer<typeof cardTextUpdatesSchema>;
/** POST /api/public/portals/{portalId}/sms-consent/code */
export const smsCodeRequestSchema = z.object({ session: z.string().min(1).max(1000).describe("The card's session (from an access link or a verified code)") });
export const smsCodeSentSchema = z.object({
  challenge: z.string().describe('Send it back with the code (it names the client and number; the code is not stored)'),
  phone: z.string().describe('Where the code went, masked'),
  minutes: z.number().int().describe('How long the code is valid'),
});
export type SmsCodeSent = z.infer<typeof smsCodeSentSchema>;
/** PUT /api/public/portals/{portalId}/sms-consent */
export const cardTextsRequestSchema = z.object({
  session: z.string().min(1).max(1000).describe("The card's session (from an access link or a verified code)"),
  texts: z.boolean().describe('true: the client agrees to texts (needs the texted code); false: no more texts'),
  challenge: z.string().max(1000).optional(),
  code: z.string().regex(/^\d{6}$/, { error: 'Enter the 6-digit code from the text.' }).optional(),
});

/** GET /api/v1/notifications/summary */
export const notificationSummarySchema = z.object({
  month: z.string().describe('YYYY-MM, in the business time zone'),
  sentThisMonth: z.number().int().describe('Messages sent to clients this month (updates and invitations; not those only written to the log)'),
  textsThisMonth: z.number().int().describe('Of them, texts (SMS) for urgent updates'),
  mailOutage: outage,
});
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;
