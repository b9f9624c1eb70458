import { date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@core/api-keys';
import { businessProfiles } from './business-profiles';

/**
 * API keys of a business (issue 22, decision 0018). The key itself is never stored: only its SHA-256 (the key has
 * about 178 random bits, so a fast hash cannot be reversed by guessing) and the first characters shown in lists.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    /** 'key_' + 16 base62 characters. */
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiKeyScope>().notNull(),
    /** `sl_live_` and the first 4 random characters, to tell keys apart. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text('key_hash').notNull(),
    createdByUserId: text('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Last use, written at most once a minute per key (and whenever the address changes). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    /** The UTC day of the last daily use row in the activity log (one row per key and day). */
    lastLoggedOn: date('last_logged_on', { mode: 'string' }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash), index('api_keys_business_idx').on(t.businessId, t.createdAt)],
);
