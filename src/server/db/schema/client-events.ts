import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ClientEventType } from '@core/client-events';

/**
 * What changed for which client (core's client-events), written in the transaction of the change and read in order
 * per portal (id). No foreign key to clients: an event outlives the purge of its removed client (kept 90 days). No
 * foreign key to portals either, which checked every event written (a bulk write writes tens of thousands): a
 * portal's events go with it by the trigger `client_events_portal_deleted` on portals (migration 0031, decision
 * 0011), as a cascade would, whatever deletes the portal (the portal, its business, its owner's account).
 */
export const clientEvents = pgTable(
  'client_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    portalId: text('portal_id').notNull(),
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
    // The portal's events in order (the events API, the first event for the estimates' history, a run's undo).
    index('client_events_portal_idx').on(t.portalId, t.id),
    // The daily purge of events past 90 days.
    index('client_events_occurred_idx').on(t.occurredAt),
    // A portal's completions per day (estimates' throughput history) without reading its other events.
    index('client_events_completions_idx')
      .on(t.portalId, t.occurredAt)
      .where(sql`${t.type} in ('client.completed', 'client.status_changed')`),
  ],
);
