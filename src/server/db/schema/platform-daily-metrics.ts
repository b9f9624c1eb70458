import { date, integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per UTC day: the platform's figures as they stood at the end of that day (the job rewrites today's row
 * until the day is over). Status-based figures (paying businesses, MRR) cannot be rebuilt later from the
 * current rows, so these rows are what keeps analytics history true.
 */
export const platformDailyMetrics = pgTable('platform_daily_metrics', {
  day: date('day', { mode: 'string' }).primaryKey(),
  totalBusinesses: integer('total_businesses').notNull(),
  payingBusinesses: integer('paying_businesses').notNull(),
  trialBusinesses: integer('trial_businesses').notNull(),
  /** Monthly recurring revenue (sum of the paying businesses' plan prices). */
  mrr: numeric('mrr', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  portals: integer('portals').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
