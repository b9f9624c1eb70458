import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { businessProfiles } from './business-profiles';

/**
 * Portal lookups per portal and day (the business's time zone), for the business's charts. No foreign key to the
 * portal: a deleted portal's lookups still count in its business's month.
 */
export const portalLookupDaily = pgTable(
  'portal_lookup_daily',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    portalId: text('portal_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Lookups answered (card shown, not found, code sent). */
    lookups: integer('lookups').notNull().default(0),
    /** Of those, the ones that showed no card: nothing found, or a name shared by several clients. */
    misses: integer('misses').notNull().default(0),
    /** Lookups refused for their address's or the portal's rate limit (429): not answered, not in `lookups`. */
    rateLimited: integer('rate_limited').notNull().default(0),
    /** Lookups refused as invalid (400: a search too short, a wrong code, a malformed request): not in `lookups`. */
    invalid: integer('invalid').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'portal_lookup_daily_pkey', columns: [t.portalId, t.day] }), index('portal_lookup_daily_business_idx').on(t.businessId, t.day)],
);

/**
 * Portal lookups of a business per month ('YYYY-MM' in its time zone), metered against the plan (D5): only those
 * that showed a client's card (issue 17 item 3); misses and refused lookups are counted per day above.
 */
export const businessLookupMonthly = pgTable(
  'business_lookup_monthly',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    lookups: integer('lookups').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'business_lookup_monthly_pkey', columns: [t.businessId, t.month] })],
);

/** Usage warnings sent (80% and 100% of the plan's searches): the key makes each go out once per month. */
export const usageWarnings = pgTable(
  'usage_warnings',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    /** 'warning' (80%) or 'exceeded' (100%). */
    level: text('level').$type<'warning' | 'exceeded'>().notNull(),
    /** Lookups counted when the threshold was crossed. */
    used: integer('used').notNull(),
    limit: integer('limit').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'usage_warnings_pkey', columns: [t.businessId, t.month, t.level] })],
);
