import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Lifecycle e-mails already sent (trial ending, trial ended, ...): the primary key makes each one go out once
 * per business and occasion, even with several instances running the job.
 */
export const lifecycleEmails = pgTable(
  'lifecycle_emails',
  {
    businessId: text('business_id').notNull(),
    kind: text('kind').notNull(),
    /** What makes the occasion unique, e.g. the trial end date. */
    occasion: text('occasion').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.kind, t.occasion] })],
);
