import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** "Notify me" sign-ups from the coming-soon pages: one per e-mail and feature. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    feature: text('feature').notNull(),
    /** new | handled */
    status: text('status').notNull().default('new'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_email_feature_uq').on(t.email, t.feature),
    index('waitlist_entries_created_at_idx').on(t.createdAt),
  ],
);
