import { bigserial, foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/** Each change of a client's status, with its time (security 28); written in the sync's transaction. */
export const clientStatusHistory = pgTable(
  'client_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    portalId: text('portal_id').notNull(),
    clientId: text('client_id').notNull(),
    oldStatus: text('old_status'),
    newStatus: text('new_status').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    syncRunId: uuid('sync_run_id'),
  },
  (t) => [
    foreignKey({ name: 'client_status_history_client_fk', columns: [t.portalId, t.clientId], foreignColumns: [clients.portalId, clients.clientId] }).onDelete('cascade').onUpdate('cascade'),
    index('client_status_history_client_idx').on(t.portalId, t.clientId, t.changedAt),
  ],
);
