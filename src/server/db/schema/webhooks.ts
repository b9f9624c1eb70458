import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WebhookDeliveryState, WebhookDisabledReason } from '@core/webhooks';
import { businessProfiles } from './business-profiles';

/**
 * A business's webhook endpoint (decision 0018): where to post which events, signed per Standard Webhooks with its
 * `whsec_` secret. Secrets are kept encrypted (AES-256-GCM, key derived from BETTER_AUTH_SECRET: they must be
 * read back to sign). After a rotation the previous secret also signs until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    /** 'ep_' + 16 base62 characters. */
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull(),
    secretBox: text('secret_box').notNull(),
    /** `whsec_` and the first 4 characters, to tell secrets apart. */
    secretPrefix: text('secret_prefix').notNull(),
    previousSecretBox: text('previous_secret_box'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason').$type<WebhookDisabledReason>(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failed attempt since the endpoint last answered 2xx (five days of failures disable it). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhook_endpoints_business_idx').on(t.businessId, t.createdAt)],
);

/**
 * One message to one endpoint and its attempts (the business sees each: time, event, status code, an excerpt of the
 * answer, tries). The id is the `webhook-id` header, the same on every attempt, so receivers can drop repeats.
 * The body is stored as sent (and signed), so a retry or a resend posts the same bytes. Kept 30 days.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** 'msg_' + 22 base62 characters. */
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    test: boolean('test').notNull().default(false),
    state: text('state').$type<WebhookDeliveryState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Attempts this delivery may take (10; a resend allows one more). */
    maxAttempts: integer('max_attempts').notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    /** Why the last attempt failed without an answer (time-out, refused, blocked address...). */
    lastError: text('last_error'),
    /** The first characters of the last answer's body. */
    responseExcerpt: text('response_excerpt'),
    /** Each attempt: time, status code or error, duration (the last 12). */
    history: jsonb('history').$type<{ at: string; statusCode: number | null; error: string | null; durationMs: number }[]>().notNull().default([]),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt, t.id),
    index('webhook_deliveries_created_idx').on(t.createdAt),
    // A run of an endpoint's deliveries claims its due ones (services/webhooks/claim-webhook-deliveries.ts).
    index('webhook_deliveries_due_idx').on(t.endpointId, t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_delivered_idx').on(t.endpointId, t.deliveredAt).where(sql`${t.deliveredAt} is not null`),
  ],
);
