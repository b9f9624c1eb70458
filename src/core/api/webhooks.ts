// The webhooks API (/api/v1/webhooks): request and answer shapes for the routes (validation, OpenAPI) and the web app.
import { z } from 'zod';
import { messages } from '../messages';
import { webhookEventTypes } from '../webhooks';

const events = z
  .array(z.enum(webhookEventTypes))
  .min(1, { error: messages.webhooks.eventsRequired })
  .max(webhookEventTypes.length)
  .transform((list) => [...new Set(list)])
  .describe('The events to send to this endpoint');
const description = z.string().trim().max(500, { error: messages.common.tooLong(500) });

export const createWebhookBody = z.object({
  url: z.string().trim().min(1, { error: messages.webhooks.urlRequired }).describe('Where to POST events: an https address'),
  events,
  description: description.optional(),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

export const updateWebhookBody = z.object({
  url: z.string().trim().min(1, { error: messages.webhooks.urlRequired }).optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean().optional().describe('false pauses deliveries; true enables an endpoint again (after a 410 or five days of failures too)'),
});
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

export const rotateSecretBody = z
  .object({
    overlapHours: z
      .number()
      .int()
      .min(0)
      .max(168)
      .optional()
      .describe('How long the old secret keeps signing too (default 24 hours; 0 ends it at once)'),
  })
  .nullish();

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.enum(['manual', 'gone', 'failing']).nullable().describe('manual: by the owner; gone: the endpoint answered 410; failing: five days of failed deliveries'),
  disabledAt: z.iso.datetime().nullable(),
  secretPrefix: z.string().describe('The first characters of the signing secret (the secret is shown when created or rotated)'),
  previousSecretExpiresAt: z.iso.datetime().nullable().describe('Until then, deliveries are also signed with the previous secret'),
  failingSince: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

export const createdWebhookSchema = webhookEndpointSchema.extend({
  secret: z.string().describe('The signing secret (whsec_...): shown here and on rotation only'),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const rotatedSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const webhookListSchema = z.object({ webhooks: z.array(webhookEndpointSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** POST /api/v1/webhooks/{id}/test (202): the test event's delivery, queued. */
export const testDeliverySchema = z.object({ deliveryId: z.string() });
export type TestDelivery = z.infer<typeof testDeliverySchema>;

export const webhookDeliverySchema = z.object({
  id: z.string().describe('The message id: the webhook-id header, the same on every attempt'),
  eventType: z.string(),
  test: z.boolean(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  statusCode: z.number().int().nullable().describe("The last attempt's HTTP status"),
  error: z.string().nullable().describe('Why the last attempt got no answer (time-out, refused, blocked address...)'),
  responseExcerpt: z.string().nullable().describe("The first 500 characters of the last answer's body"),
  durationMs: z.number().int().nullable(),
  payload: z.unknown().describe('The body as sent'),
  history: z.array(z.object({ at: z.iso.datetime(), statusCode: z.number().int().nullable(), error: z.string().nullable(), durationMs: z.number().int() })),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next (older) page'),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const deliveriesQuery = z.object({
  state: z.enum(['pending', 'delivered', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});
