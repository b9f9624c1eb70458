import { foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * A client's personal access link (`/portal/{portalId}?t=...`, decisions D3): at most one per client. Only the
 * SHA-256 hash of the token (256 random bits) is stored; rotating replaces the row, revoking deletes it, and the
 * row goes with the client. The link also names the e-mail it was made for: a sheet without an id column keys
 * clients by row (client_{row}, spec 5), so deleting a row gives the next person that id, and a link must not
 * follow the id to them. A link whose client's e-mail changed opens nothing (and shows as inactive).
 */
export const clientAccessTokens = pgTable(
  'client_access_tokens',
  {
    portalId: text('portal_id').notNull(),
    clientId: text('client_id').notNull(),
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').notNull(),
    /** The client's normalized e-mail when the link was made. */
    emailNormalized: text('email_normalized').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: text('created_by_user_id'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /**
     * The token sealed with a key derived from the server secret (AES-256-GCM), so the client's e-mails can carry
     * their link without making a new one (decision 0016). Lookups use only the hash. Null for links made before.
     */
    tokenSealed: text('token_sealed'),
  },
  (t) => [
    primaryKey({ name: 'client_access_tokens_pkey', columns: [t.portalId, t.clientId] }),
    uniqueIndex('client_access_tokens_hash_idx').on(t.tokenHash),
    foreignKey({ name: 'client_access_tokens_client_fk', columns: [t.portalId, t.clientId], foreignColumns: [clients.portalId, clients.clientId] }).onDelete('cascade').onUpdate('cascade'),
  ],
);
