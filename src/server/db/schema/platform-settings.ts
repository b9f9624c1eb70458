import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** The platform operator's settings: a single row (id 1) holding a validated JSON document. */
export const platformSettings = pgTable('platform_settings', {
  id: integer('id').primaryKey().default(1),
  data: jsonb('data').notNull().$type<Record<string, unknown>>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
