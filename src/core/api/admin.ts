// Answers of the back office's own routes under /api/admin (operator session, platform settings, e-mail templates,
// inbox, activity log, the end of an impersonation). The figures are in admin-metrics.ts, the businesses in
// admin-businesses.ts. One definition for the routes (validation and OpenAPI) and the web app (types only).
import { z } from 'zod';
import { platformSettingsSchema } from '../validation/admin-settings';
import { activityItemSchema } from './admin-metrics';

/** GET /api/admin/session: whether the operator must still set up two-factor sign-in. */
export const adminSessionSchema = z.object({ twoFactor: z.object({ required: z.boolean(), enabled: z.boolean() }) });
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** POST /api/admin/impersonation/stop: where the operator's own session continues. */
export const impersonationStoppedSchema = z.object({ redirectTo: z.string() });
export type ImpersonationStopped = z.infer<typeof impersonationStoppedSchema>;

/** The API keys of outside services (API & Integrations tab), stored encrypted beside the settings. */
export const platformSecretNames = ['googleSheetsApiKey', 'stripeApiKey', 'stripeWebhookSecret', 'sendgridApiKey'] as const;
export type PlatformSecretName = (typeof platformSecretNames)[number];

const secretStatusSchema = z.object({
  configured: z.boolean(),
  masked: z.string().nullable().describe("e.g. '••••••••abcd'; null when not configured"),
});

/** GET and PUT /api/admin/settings: the settings, each key masked, and how mail and billing are connected. */
export const adminSettingsSchema = z.object({
  settings: platformSettingsSchema,
  secrets: z.object(Object.fromEntries(platformSecretNames.map((n) => [n, secretStatusSchema])) as Record<PlatformSecretName, typeof secretStatusSchema>),
  updatedAt: z.iso.datetime().nullable(),
  mail: z
    .object({ via: z.enum(['smtp', 'sendgrid', 'log']), label: z.string(), from: z.string(), notes: z.array(z.string()) })
    .describe('Which way e-mail goes now (SMTP_URL, SendGrid or the log), with notes where the settings say otherwise'),
  billing: z
    .object({ connected: z.boolean(), webhookUrl: z.string() })
    .describe('Whether Stripe is connected (a secret key and a webhook secret, from the server environment or here), and the endpoint to give Stripe'),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const emailTemplateSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  placeholders: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** GET /api/admin/email-templates */
export const emailTemplateListSchema = z.object({ templates: z.array(emailTemplateSchema) });
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

/** POST /api/admin/email-templates/{key}/preview: the draft rendered with sample values. */
export const renderedPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string(), unknownPlaceholders: z.array(z.string()) });
export type RenderedPreview = z.infer<typeof renderedPreviewSchema>;

/** POST /api/admin/email-templates/{key}/test: the operator's address the test went to. */
export const templateTestSentSchema = z.object({ sentTo: z.string() });
export type TemplateTestSent = z.infer<typeof templateTestSentSchema>;

export const inboxStatuses = ['new', 'handled'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];

/** A page of the inbox: its items, how many match, and how many are new. */
const inboxPage = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int(), newCount: z.number().int() });

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  phone: z.string(),
  interest: z.string(),
  message: z.string(),
  status: z.enum(inboxStatuses),
  createdAt: z.iso.datetime(),
  handledAt: z.iso.datetime().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** GET /api/admin/inbox/contact */
export const contactMessagePageSchema = inboxPage(contactMessageSchema);
export type ContactMessagePage = z.infer<typeof contactMessagePageSchema>;

export const waitlistEntrySchema = z.object({ id: z.string(), email: z.string(), feature: z.string(), status: z.enum(inboxStatuses), createdAt: z.iso.datetime() });
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** GET /api/admin/inbox/waitlist */
export const waitlistPageSchema = inboxPage(waitlistEntrySchema);
export type WaitlistPage = z.infer<typeof waitlistPageSchema>;

/** GET /api/admin/activity: a page of the log, the total matching, and every type with its label (for the filter). */
export const activityPageSchema = z.object({
  items: z.array(activityItemSchema),
  total: z.number().int(),
  types: z.array(z.object({ type: z.string(), label: z.string() })),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
