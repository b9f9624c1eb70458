import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An operator's edit of a transactional e-mail; a template without a row uses the built-in default. */
export const emailTemplates = pgTable('email_templates', {
  /** welcome, password_reset, trial_ending, ... (services/email-templates/catalog.ts) */
  key: text('key').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
