import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { portals } from './portals';

/** Where a client stands in the portal's queue (decisions D4). */
export type QueueState = 'queued' | 'completed' | 'cancelled';

/**
 * A portal's client, read from one sheet row. Keyed by (portal, client key), D9. A client missing from
 * the sheet is marked removed (removed_at) and purged 30 days later; it comes back with its history if it
 * reappears. Queue position and estimate are computed at sync (and when settings change) so a portal lookup is
 * one indexed query. The table keeps 30 % of each page free (fillfactor 70, set by migration 0005, which Drizzle's
 * table builder cannot declare): rewriting the queue figures, none of them indexed, is then an in-place (HOT) update.
 */
export const clients = pgTable(
  'clients',
  {
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    /**
     * The client's key (D9): given once, when the client first appears (its id cell, or an opaque `c_...` key when it
     * has none), and never changed; every API path and per-client record uses it. Rows are matched to it by
     * `source_id` or e-mail (core/sync/identity.ts), never by row number.
     */
    clientId: text('client_id').notNull(),
    /** The id cell the client was last written with; null when the data has no id column (keyed by e-mail). */
    sourceId: text('source_id'),
    /** Sheet row number (header = 1). */
    row: integer('row').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Trimmed and lower-cased, for exact lookups (D3). */
    emailNormalized: text('email_normalized').notNull(),
    /** Trimmed, lower-cased, inner spaces collapsed, for exact lookups (D3). */
    nameNormalized: text('name_normalized').notNull(),
    status: text('status').notNull(),
    priority: text('priority').notNull().default(''),
    dueDateText: text('due_date_text').notNull().default(''),
    dueDate: date('due_date', { mode: 'string' }),
    notes: text('notes').notNull().default(''),
    /** Every cell of the row by header. */
    raw: jsonb('raw').$type<Record<string, string>>().notNull(),
    /** Hash of the imported fields, so an unchanged row is recognised without comparing each field. */
    contentHash: text('content_hash').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The business's override of the queue order (D4); null when unset. */
    manualPosition: integer('manual_position'),
    queueState: text('queue_state').$type<QueueState>(),
    queuePosition: integer('queue_position'),
    /** Working days from the day of computation to the estimate. */
    estimatedWorkingDays: integer('estimated_working_days'),
    estimatedCompletion: date('estimated_completion', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'clients_pkey', columns: [t.portalId, t.clientId] }),
    index('clients_portal_email_idx').on(t.portalId, t.emailNormalized),
    index('clients_portal_name_idx').on(t.portalId, t.nameNormalized),
    index('clients_portal_row_idx').on(t.portalId, t.row),
    index('clients_removed_at_idx').on(t.removedAt).where(sql`${t.removedAt} is not null`),
    // The few clients whose id cell is no longer their key (the id cell changed since): a managed write looks them
    // up by the keys it names (managed-plan.ts idCellsNamed), which read the whole portal without it.
    index('clients_id_cell_moved_idx').on(t.portalId).where(sql`${t.sourceId} <> ${t.clientId}`),
  ],
);
