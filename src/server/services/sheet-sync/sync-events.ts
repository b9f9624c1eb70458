import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ClientEventActor, NewClientEvent } from '@core/client-events';
import type { ClientState, EstimateEventSource } from '@core/sync/client-changes';
import { planEvents, type PlannedChanges } from '@core/sync/plan-events';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { estimateEventSource, estimatesComputed } from '../estimates/estimate-events';
import { queueWritten } from '../estimates/queue-written';
import type { CopyIn } from './copy-rows';
import type { SyncFailurePoint } from './sync-types';
import type { ClientEventLog, RecordedClientEvent } from '../client-events/client-event-log';

// A write's client events (decision 0011): derived from what the write changes (core's planEvents) and recorded in
// the transaction that writes it, whichever way the write goes (one transaction, COPY, steps, staged). Estimate
// changes are the writer's to record only until the portal's estimates are computed (estimateEventSource, asked in
// each of the write's transactions under the portal's refresh lock). A part that commits asks for the estimates'
// refresh in its own transaction (queueWritten).

/** What a writer needs of the app's event log. */
export type EventWriter = Pick<ClientEventLog, 'write' | 'announce'>;

const NOTHING: PlannedChanges = { inserts: [], updates: [], queueUpdates: [], removals: [] };

export interface WriteEvents {
  /**
   * A part of the write that is not real yet (a step of a first import, undone if the run fails): its events'
   * rows go in `tx`; they are handed to subscribers with the part that makes the write real.
   */
  pending(tx: Tx, part: Partial<PlannedChanges>): Promise<void>;
  /**
   * A part of the write that is real once `tx` commits: its events, and those waiting, handed to subscribers there,
   * and the portal's estimates refresh enqueued. `copy`: the transaction's COPY channel when the write streams its
   * rows (the events go the same way).
   */
  committed(tx: Tx, part: Partial<PlannedChanges>, copy?: CopyIn | null): Promise<void>;
  /**
   * `committed` for a part whose rows `apply` writes in `tx`, the two overlapped: the events are planned here while
   * the database writes the first rows, and their rows queued on the connection behind the statement in flight.
   * node-postgres sends a connection's statements in the order asked, so nothing changes but who waits: on
   * PostgreSQL this process and the database otherwise take turns (a bulk request of 1,000 clients: 4,000 events
   * planned and encoded in 10-12 ms while the database idles). Subscribers get the events once both are done (they
   * read the clients as written). `copy`: as for `committed`.
   */
  committedWith(tx: Tx, part: Partial<PlannedChanges>, apply: () => Promise<void>, copy?: CopyIn | null): Promise<void>;
}

/**
 * Waits for both, then fails with the one that failed first, if any: a transaction must not end (roll back, its
 * connection go back to the pool) while one of them still has statements to send on it. The first is the cause: on
 * one connection, every statement after a failed one fails too ("current transaction is aborted").
 */
async function bothDone<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const failures: unknown[] = [];
  const noted = <T>(p: Promise<T>) =>
    p.catch((reason: unknown) => {
      failures.push(reason);
      throw reason;
    });
  const [x, y] = await Promise.allSettled([noted(a), noted(b)]);
  if (x.status === 'fulfilled' && y.status === 'fulfilled') return [x.value, y.value];
  throw failures[0];
}

/**
 * The events of one write of a portal's clients, `stored` being the clients as they were before it; at the clock's now.
 * `failAt`: a sync's failure points (tests), told before each ask of who records the estimate changes.
 */
export function writeEvents(
  log: EventWriter,
  portalId: string,
  stored: ReadonlyMap<string, ClientState>,
  actor: ClientEventActor,
  clock: Pick<Clock, 'now'>,
  failAt?: (point: SyncFailurePoint) => void | Promise<void>,
): WriteEvents {
  const waiting: RecordedClientEvent[] = [];
  const at = clock.now();
  const estimatesOf = async (tx: Tx) => {
    await failAt?.('estimates-asked');
    return estimateEventSource(tx, portalId);
  };
  const eventsOf = (part: Partial<PlannedChanges>, estimates: EstimateEventSource) => planEvents(portalId, { ...NOTHING, ...part }, stored, actor, estimates);
  const write = async (tx: Tx, part: Partial<PlannedChanges>, copy?: CopyIn | null) => log.write(tx, eventsOf(part, await estimatesOf(tx)), at, copy);
  const announce = async (tx: Tx, recorded: RecordedClientEvent[]) => {
    await log.announce(tx, waiting.length > 0 ? [...waiting.splice(0), ...recorded] : recorded);
    await queueWritten(tx, portalId, clock.now());
  };
  return {
    async pending(tx, part) {
      for (const e of await write(tx, part)) waiting.push(e);
    },
    async committed(tx, part, copy) {
      await announce(tx, await write(tx, part, copy));
    },
    async committedWith(tx, part, apply, copy) {
      const estimates = await estimatesOf(tx);
      const recording = async () => {
        // One turn of the event loop first: the apply's first statement goes out before the events are planned.
        await yieldToEventLoop();
        return log.write(tx, eventsOf(part, estimates), at, copy);
      };
      const [, recorded] = await bothDone(apply(), recording());
      await announce(tx, recorded);
    },
  };
}

/** A sync run's event as staged for a large apply on the embedded database (staged-apply.ts), in order. */
export interface StagedEvent {
  client_id: string;
  type: NewClientEvent['type'];
  occurred_at: string;
  data: unknown;
}

/**
 * The events of a plan applied in staged steps: they are written (and handed on) by the apply's last steps, which
 * leave out the estimate changes if the refresh records them by then (staged-apply.ts).
 */
export async function stagedEvents(db: Db, portalId: string, plan: PlannedChanges, stored: ReadonlyMap<string, ClientState>, runId: string, at: Date): Promise<StagedEvent[]> {
  const occurred = at.toISOString();
  const estimates: EstimateEventSource = (await estimatesComputed(db, portalId)) ? 'refresh' : 'writers';
  return planEvents(portalId, plan, stored, { kind: 'sync', runId }, estimates).map((e) => ({ client_id: e.clientId, type: e.type, occurred_at: occurred, data: e.data }));
}
