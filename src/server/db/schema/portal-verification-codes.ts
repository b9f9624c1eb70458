import { foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * The live verification code of a client of a portal that requires verification (decisions D3): a 6-digit code,
 * stored only as an HMAC, valid 10 minutes and 5 tries. A new code replaces the old one.
 */
export const portalVerificationCodes = pgTable(
  'portal_verification_codes',
  {
    portalId: text('portal_id').notNull(),
    clientId: text('client_id').notNull(),
    /** Hex HMAC-SHA-256 of portal, client and code, keyed by the server secret. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong tries so far; at 5 the code is dead. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'portal_verification_codes_pkey', columns: [t.portalId, t.clientId] }),
    foreignKey({ name: 'portal_verification_codes_client_fk', columns: [t.portalId, t.clientId], foreignColumns: [clients.portalId, clients.clientId] }).onDelete('cascade').onUpdate('cascade'),
  ],
);
