import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { businessProfiles } from './business-profiles';

/**
 * Idempotency keys of the business API's writes (decision 0018): the first answer to a write sent with an
 * `Idempotency-Key` header, replayed for a repeat with the same key and body. Kept 24 hours per business.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    businessId: text('business_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: a different request under the same key is refused. */
    requestHash: text('request_hash').notNull(),
    /** 'pending' while the first request runs; 'done' with its answer. */
    state: text('state').$type<'pending' | 'done'>().notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.businessId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
