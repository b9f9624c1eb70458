import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ClientEventType } from '@core/client-events';
import { portals } from './portals';

/**
 * What changed for which client (core's client-events), written in the transaction of the change and read in order
 * per portal (id). No foreign key to clients: an event outlives the purge of its removed client (kept 90 days).
 */
export const clientEvents = pgTable(
  'client_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    type: text('type').$type<ClientEventType>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The sync run that caused it, when a sync did. */
    syncRunId: uuid('sync_run_id'),
    /** core's actorKey: 'sync:<run>', 'user:<id>', 'api_key:<id>', 'system:<job>'. */
    actor: text('actor').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('client_events_portal_idx').on(t.portalId, t.id),
    index('client_events_client_idx').on(t.portalId, t.clientId, t.id),
    index('client_events_occurred_idx').on(t.occurredAt),
    // A portal's completions per day (estimates' throughput history) without reading its other events.
    index('client_events_completions_idx')
      .on(t.portalId, t.occurredAt)
      .where(sql`${t.type} in ('client.completed', 'client.status_changed')`),
  ],
);
