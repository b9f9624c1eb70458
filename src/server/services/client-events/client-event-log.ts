import { sql } from 'drizzle-orm';
import { actorKey, type NewClientEvent } from '@core/client-events';
import type { Db, Tx } from '../../db/client';

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
  /**
   * Writes the events' rows only. For a change written in several transactions that becomes real at a later one
   * (a first import written in steps): the rows go with each step's clients, `announce` with the last.
   */
  write(q: Db | Tx, events: readonly NewClientEvent[], at: Date): Promise<RecordedClientEvent[]>;
  /** Hands events already written to every subscriber, in `q`. */
  announce(q: Db | Tx, events: readonly RecordedClientEvent[]): Promise<void>;
  /** Adds a subscriber (at app start: notifications, webhooks). */
  subscribe(name: string, subscriber: ClientEventSubscriber): void;
}

/** Rows per insert statement (one jsonb parameter each). */
const INSERT_CHUNK = 5000;

const runOf = (e: NewClientEvent) => (e.actor.kind === 'sync' ? e.actor.runId : null);

/** Inserts events in order (ids follow the order given) and returns their ids. */
async function insertEvents(q: Db | Tx, events: readonly NewClientEvent[], at: Date): Promise<number[]> {
  const rows = events.map((e) => ({ p: e.portalId, c: e.clientId, t: e.type, r: runOf(e), a: actorKey(e.actor), d: e.data }));
  const result = (await q.execute(sql`
    insert into client_events (portal_id, client_id, type, occurred_at, sync_run_id, actor, data)
    select x.p, x.c, x.t, ${at.toISOString()}::timestamptz, x.r, x.a, x.d
    from rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as (p text, c text, t text, r uuid, a text, d jsonb)) with ordinality as x(p, c, t, r, a, d, n)
    order by x.n
    returning id`)) as unknown as { rows: { id: number | string }[] };
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export function createClientEventLog(): ClientEventLog {
  const subscribers = new Map<string, ClientEventSubscriber>();
  const log: ClientEventLog = {
    subscribe(name, subscriber) {
      subscribers.set(name, subscriber);
    },
    async write(q, events, at) {
      const recorded: RecordedClientEvent[] = [];
      for (let i = 0; i < events.length; i += INSERT_CHUNK) {
        const chunk = events.slice(i, i + INSERT_CHUNK);
        const ids = await insertEvents(q, chunk, at);
        chunk.forEach((e, j) => recorded.push({ ...e, id: ids[j]!, occurredAt: at, syncRunId: runOf(e) }));
      }
      return recorded;
    },
    async announce(q, events) {
      if (events.length === 0) return;
      for (const subscriber of subscribers.values()) await subscriber(q, events);
    },
    async record(q, events, at) {
      const recorded = await log.write(q, events, at);
      await log.announce(q, recorded);
      return recorded;
    },
  };
  return log;
}
