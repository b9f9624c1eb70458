import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businessProfiles } from './business-profiles';
import { portals } from './portals';

// Client notifications (issue 19, decision 0016).

/** A portal's notification settings (core's notificationSettingsSchema); absent means the defaults. */
export const portalNotificationSettings = pgTable('portal_notification_settings', {
  portalId: text('portal_id')
    .primaryKey()
    .references(() => portals.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type MessageChannel = 'email' | 'sms';
/**
 * pending: collecting changes in its batching window; held: quiet hours (or a text outside 8:00-21:00); sending:
 * handed to the worker (content fixed, possibly retrying); then sent, bounced (permanent refusal), failed (gave up)
 * or skipped (not sent, with the reason: opted out, no valid address, nothing left to say...).
 */
export type MessageState = 'pending' | 'held' | 'sending' | 'sent' | 'bounced' | 'failed' | 'skipped';
export type MessagePurpose = 'update' | 'invitation';

/**
 * Every message to a client, from the change that caused it to its result: the outbox row written in the change's
 * transaction, the business's record of what was sent, and the fixed content of a message being sent (so a retry
 * or a resend after a crash is the same message with the same Message-ID). At most one open (pending or held)
 * update (and one invitation) per client and channel: changes within its window are merged into it.
 */
export const notificationMessages = pgTable(
  'notification_messages',
  {
    id: uuid('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    purpose: text('purpose').$type<MessagePurpose>().notNull(),
    state: text('state').$type<MessageState>().notNull(),
    /** What it tells (core's MessageTrigger), fixed when it is sent. */
    triggers: jsonb('triggers').$type<string[]>().notNull().default([]),
    /** The net changes collected (core's MessageChanges). */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Not before: the end of the batching window, of quiet hours, or of a retry wait; while an e-mail is being sent,
     * the end of its sender's lease (a sender that died leaves it due again then).
     */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull(),
    toAddress: text('to_address'),
    subject: text('subject'),
    /** The content as sent (text, html, headers), fixed when sending starts. */
    content: jsonb('content').$type<Record<string, unknown>>(),
    /** How it went out: 'smtp', 'sendgrid', 'log' (no mail server: written to the log), 'twilio'. */
    via: text('via'),
    /** Why it was not sent, or the last error while retrying. */
    detail: text('detail'),
    /** Who asked (an invitation's owner). */
    createdByUserId: text('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Passing failures (4xx, the server out of reach) of its current content, and when the first was: retried with backoff for 24 hours. */
    failures: integer('failures').notNull().default(0),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
    /**
     * The round of the sender that holds a message being sent (its id, written at the claim): what that sender writes
     * after the send (sent, retry, bounce), and the renewal of its lease, only touch the message while it still holds
     * it, so a round that outlived its lease neither sends nor settles what another sender took over.
     */
    claim: uuid('claim'),
    /** The provider's id of a text (Twilio's Message SID), for its delivery status callback. */
    providerMessageId: text('provider_message_id'),
  },
  (t) => [
    uniqueIndex('notification_messages_open_one_idx').on(t.portalId, t.clientId, t.channel, t.purpose).where(sql`${t.state} in ('pending', 'held')`),
    index('notification_messages_client_idx').on(t.portalId, t.clientId, t.createdAt),
    uniqueIndex('notification_messages_provider_idx').on(t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
    // The sender's claim: a portal's open and sending messages by when they are due.
    index('notification_messages_due_idx').on(t.portalId, t.channel, t.sendAfter).where(sql`${t.state} in ('pending', 'held', 'sending')`),
    index('notification_messages_business_sent_idx').on(t.businessId, t.sentAt).where(sql`${t.state} = 'sent'`),
  ],
);

/**
 * The client's own choice about e-mail updates, per portal and address (it follows the person, not a sheet row):
 * only the client changes it (unsubscribe link, the portal card's switch).
 */
export const clientNotificationPrefs = pgTable(
  'client_notification_prefs',
  {
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    emailNormalized: text('email_normalized').notNull(),
    emailOptOut: boolean('email_opt_out').notNull(),
    /** 'unsubscribe_link', 'one_click', 'portal_card' */
    changedVia: text('changed_via').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'client_notification_prefs_pkey', columns: [t.portalId, t.emailNormalized] })],
);

export type SmsConsentVia = 'owner' | 'code' | 'stop' | 'start';

/**
 * A client's agreement to texts, per portal and phone number (E.164): given by the client (a code sent to the phone)
 * or recorded by the business; withdrawn by a STOP reply (for every portal: the reply comes to the platform's number),
 * and given back by START only where it had been given before.
 */
export const clientSmsConsents = pgTable(
  'client_sms_consents',
  {
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    consented: boolean('consented').notNull(),
    changedVia: text('changed_via').$type<SmsConsentVia>().notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    /** The owner who recorded the consent (via 'owner'). */
    recordedByUserId: text('recorded_by_user_id'),
  },
  (t) => [primaryKey({ name: 'client_sms_consents_pkey', columns: [t.portalId, t.phone] }), index('client_sms_consents_phone_idx').on(t.phone)],
);

/** Addresses a mail server refused for good (5xx): nothing more is sent to them for this business. */
export const emailBounces = pgTable(
  'email_bounces',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    emailNormalized: text('email_normalized').notNull(),
    reason: text('reason').notNull(),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }).notNull(),
    messageId: uuid('message_id'),
  },
  (t) => [primaryKey({ name: 'email_bounces_pkey', columns: [t.businessId, t.emailNormalized] })],
);

/** A way out that is down (the mail server, the SMS provider), seen by every instance and shown to businesses. */
export const deliveryChannels = pgTable('delivery_channels', {
  channel: text('channel').$type<MessageChannel>().primaryKey(),
  downSince: timestamp('down_since', { withTimezone: true }),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
