import { sql } from 'drizzle-orm';
import { actorKey, type NewClientEvent } from '@core/client-events';
import type { Db, Tx } from '../../db/client';
import { copyValue, type CopyIn } from '../sheet-sync/copy-rows';

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
   * (a first import written in steps): the rows go with each step's clients, `announce` with the last. `copy`: the
   * transaction's COPY channel, when the change streams its own rows (the events are then streamed too). Returns the
   * events as recorded, for `announce`; none when no subscriber would read them (their ids are then not read back).
   */
  write(q: Db | Tx, events: readonly NewClientEvent[], at: Date, copy?: CopyIn | null): Promise<RecordedClientEvent[]>;
  /** Hands events already written to every subscriber, in `q`. */
  announce(q: Db | Tx, events: readonly RecordedClientEvent[]): Promise<void>;
  /** Adds a subscriber (at app start: notifications, webhooks). */
  subscribe(name: string, subscriber: ClientEventSubscriber): void;
}

/** Rows per insert statement (one jsonb parameter each). */
const INSERT_CHUNK = 5000;

const runOf = (e: NewClientEvent) => (e.actor.kind === 'sync' ? e.actor.runId : null);

/**
 * An event as recorded, as one literal of the same shape for all (a bulk write records tens of thousands: spreading
 * each event into a new object took 2-8 ms per 4,000). Every field of RecordedClientEvent is listed: one added to the
 * type must be added here (the cast would not say so).
 */
const recordedEvent = (e: NewClientEvent, id: number, occurredAt: Date) =>
  ({ type: e.type, portalId: e.portalId, clientId: e.clientId, data: e.data, actor: e.actor, id, occurredAt, syncRunId: runOf(e) }) as RecordedClientEvent;

/** Who an event is by and of (`s`: its 1-based place in the list of them). */
type EventSource = { p: string; r: string | null; a: string };

/**
 * The events as rows, what they share (portal, sync run, actor) listed once and named by each row's place `s`: one
 * writer's events share all three, and repeating them made a bulk request's 4,000 events 540 KB of JSON instead of
 * 340 KB, and their insert (the same 4,000 alone on PostgreSQL) 36 ms instead of 21-26 ms.
 */
function eventRows(events: readonly NewClientEvent[]) {
  const sources: EventSource[] = [];
  const placeOf = new Map<string, number>();
  const rows = events.map((e) => {
    const source = { p: e.portalId, r: runOf(e), a: actorKey(e.actor) };
    // A run id is a uuid, never empty.
    const key = `${source.p}\u0000${source.r ?? ''}\u0000${source.a}`;
    let s = placeOf.get(key);
    if (s === undefined) placeOf.set(key, (s = sources.push(source)));
    return { s, c: e.clientId, t: e.type, d: e.data };
  });
  return { rows, sources };
}

/**
 * The events' id sequence, looked up once per statement: as a plain call, `pg_get_serial_sequence` (a catalogue
 * look-up) ran for each id taken (11.6 ms per 4,000 ids on PostgreSQL against 1.9 ms).
 */
const EVENT_IDS = sql`(select pg_get_serial_sequence('client_events', 'id')::regclass)`;

/** How an insert learns its events' ids: not at all, read back, or taken as one block before the rows. */
type IdsBy = 'none' | 'returning' | 'block';

/** The events' rows for an insert ... select: `x` each event in order (`x.n` its place), `s` who it is by and of. */
const eventRowsFrom = (events: readonly NewClientEvent[]) => {
  const { rows, sources } = eventRows(events);
  return sql`rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as (s int, c text, t text, d jsonb)) with ordinality as x(s, c, t, d, n)
    join rows from (jsonb_to_recordset(${JSON.stringify(sources)}::jsonb) as (p text, r uuid, a text)) with ordinality as s(p, r, a, k) on s.k = x.s`;
};

/** Inserts events in order (ids follow the order given); returns their ids unless `idsBy` is 'none'. */
async function insertEvents(q: Db | Tx, events: readonly NewClientEvent[], at: Date, idsBy: IdsBy): Promise<number[]> {
  const occurred = sql`${at.toISOString()}::timestamptz`;
  if (idsBy === 'block') {
    // The next n ids as one block (nextval, then setval past them), the rows numbered from its first: nothing read back.
    const n = events.length;
    const result = (await q.execute(sql`
      with block as (select setval(${EVENT_IDS}, nextval(${EVENT_IDS}) + ${n}::int - 1) - ${n}::int + 1 as first),
      inserted as (
        insert into client_events (id, portal_id, client_id, type, occurred_at, sync_run_id, actor, data)
        select b.first + x.n - 1, s.p, x.c, x.t, ${occurred}, s.r, s.a, x.d from block b, ${eventRowsFrom(events)})
      select first from block`)) as unknown as { rows: { first: number | string }[] };
    const first = Number(result.rows[0]!.first);
    return Array.from({ length: n }, (_, i) => first + i);
  }
  const result = (await q.execute(sql`
    insert into client_events (portal_id, client_id, type, occurred_at, sync_run_id, actor, data)
    select s.p, x.c, x.t, ${occurred}, s.r, s.a, x.d from ${eventRowsFrom(events)}
    order by x.n
    ${idsBy === 'returning' ? sql`returning id` : sql``}`)) as unknown as { rows: { id: number | string }[] };
  return idsBy === 'returning' ? result.rows.map((r) => Number(r.id)).sort((a, b) => a - b) : [];
}

/** Ids for `n` events taken from the table's sequence at once (in order), for rows streamed with COPY. */
async function reserveIds(q: Db | Tx, n: number): Promise<number[]> {
  const result = (await q.execute(
    sql`select nextval(${EVENT_IDS}) as id from generate_series(1, ${n}::int)`,
  )) as unknown as { rows: { id: number | string }[] };
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Streams events with COPY, in order (with ids taken first when `withIds`, else the table's own, in line order). */
async function copyEvents(q: Db | Tx, copy: CopyIn, events: readonly NewClientEvent[], at: Date, withIds: boolean): Promise<number[]> {
  const ids = withIds ? await reserveIds(q, events.length) : [];
  const occurred = at.toISOString();
  const columns = `${withIds ? 'id, ' : ''}portal_id, client_id, type, occurred_at, sync_run_id, actor, data`;
  for (let i = 0; i < events.length; i += COPY_CHUNK) {
    let text = '';
    for (let j = i; j < Math.min(events.length, i + COPY_CHUNK); j += 1) {
      const e = events[j]!;
      const values = [copyValue(e.portalId), copyValue(e.clientId), copyValue(e.type), occurred, copyValue(runOf(e)), copyValue(actorKey(e.actor)), copyValue(JSON.stringify(e.data))];
      text += `${withIds ? `${ids[j]}\t` : ''}${values.join('\t')}\n`;
    }
    await copy(`copy client_events (${columns}) from stdin`, text);
  }
  return ids;
}

/** Events per COPY. */
const COPY_CHUNK = 10_000;

export interface ClientEventLogOptions {
  /**
   * The embedded database: an insert takes its events' ids as one block of the sequence instead of reading each id
   * back (a bulk request's 4,000 events: 37-38 ms instead of 46-48, micro-measured). Safe there because the statement
   * takes the block (nextval, then setval past it) and the database runs one statement at a time on its one backend:
   * no other nextval can fall inside it. Never on PostgreSQL, where another session's could.
   */
  idsInOneBlock?: boolean;
}

export function createClientEventLog(options: ClientEventLogOptions = {}): ClientEventLog {
  const subscribers = new Map<string, ClientEventSubscriber>();
  const log: ClientEventLog = {
    subscribe(name, subscriber) {
      subscribers.set(name, subscriber);
    },
    async write(q, events, at, copy) {
      // Only subscribers read an event's id: with none, ids are not read back.
      const withIds = subscribers.size > 0;
      const recorded: RecordedClientEvent[] = [];
      const keep = (chunk: readonly NewClientEvent[], ids: number[]) => {
        if (withIds) chunk.forEach((e, j) => recorded.push(recordedEvent(e, ids[j]!, at)));
      };
      if (copy && events.length > 0) {
        keep(events, await copyEvents(q, copy, events, at, withIds));
        return recorded;
      }
      for (let i = 0; i < events.length; i += INSERT_CHUNK) {
        const chunk = events.slice(i, i + INSERT_CHUNK);
        keep(chunk, await insertEvents(q, chunk, at, !withIds ? 'none' : options.idsInOneBlock ? 'block' : 'returning'));
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
