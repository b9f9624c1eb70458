import { actorKey, type NewClientEvent } from '@core/client-events';
import type { Db, Tx } from '../../db/client';
import { clientEvents } from '../../db/schema';

/** An event as stored: its id orders it within its portal. */
export type RecordedClientEvent = NewClientEvent & { id: number; occurredAt: Date; syncRunId: string | null };

/**
 * Reads events in the transaction that records them (the transactional outbox): what it writes (a notification to
 * send, a webhook to deliver) commits or rolls back with the change itself.
 */
export type ClientEventSubscriber = (q: Db | Tx, events: readonly RecordedClientEvent[]) => Promise<void>;

/** The one way client events are written (app context: `ctx.clientEvents`). */
export interface ClientEventLog {
  /** Records the events in `q` (the change's own transaction) and hands them to every subscriber there. */
  record(q: Db | Tx, events: readonly NewClientEvent[], at: Date): Promise<RecordedClientEvent[]>;
  /** Adds a subscriber (at app start: notifications, webhooks). */
  subscribe(name: string, subscriber: ClientEventSubscriber): void;
}

/** Rows per insert statement: 8 values a row stays far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;

export function createClientEventLog(): ClientEventLog {
  const subscribers = new Map<string, ClientEventSubscriber>();
  return {
    subscribe(name, subscriber) {
      subscribers.set(name, subscriber);
    },
    async record(q, events, at) {
      const recorded: RecordedClientEvent[] = [];
      for (let i = 0; i < events.length; i += INSERT_CHUNK) {
        const chunk = events.slice(i, i + INSERT_CHUNK);
        const rows = await q
          .insert(clientEvents)
          .values(
            chunk.map((e) => ({
              portalId: e.portalId,
              clientId: e.clientId,
              type: e.type,
              occurredAt: at,
              syncRunId: e.actor.kind === 'sync' ? e.actor.runId : null,
              actor: actorKey(e.actor),
              data: e.data as Record<string, unknown>,
            })),
          )
          .returning({ id: clientEvents.id });
        chunk.forEach((e, j) => recorded.push({ ...e, id: rows[j]!.id, occurredAt: at, syncRunId: e.actor.kind === 'sync' ? e.actor.runId : null }));
      }
      if (recorded.length === 0) return recorded;
      for (const subscriber of subscribers.values()) await subscriber(q, recorded);
      return recorded;
    },
  };
}
