import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DomainStatus } from '@core/custom-domains';
import { businessProfiles } from './business-profiles';
import { portals } from './portals';

/**
 * A name a business points at one of its portals (issue 23, decision 0014). One per portal; a name is served
 * (and may get a certificate) by one portal only: pending claims of the same name may coexist, proven ones not.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower case, no trailing dot (core's normalizeDomainName). */
    name: text('name').notNull(),
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    businessId: text('business_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    /** The value of the TXT record at _statuslink-challenge.{name}. */
    token: text('token').notNull(),
    status: text('status').$type<DomainStatus>().notNull().default('pending'),
    /** For a failing name: served until then, then back to pending. */
    servedUntil: timestamp('served_until', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The last check (Verify or the daily re-check) and what it found missing, one sentence per line. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    problems: text('problems').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_domains_portal_idx').on(t.portalId),
    uniqueIndex('custom_domains_proven_name_idx').on(t.name).where(sql`${t.status} <> 'pending'`),
    index('custom_domains_name_idx').on(t.name),
    index('custom_domains_business_idx').on(t.businessId),
  ],
);
