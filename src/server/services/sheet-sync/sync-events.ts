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
  const write = async (tx: Tx, part: Partial<PlannedChanges>, copy?: CopyIn | null) => {
    await failAt?.('estimates-asked');
    const estimates = await estimateEventSource(tx, portalId);
    return log.write(tx, planEvents(portalId, { ...NOTHING, ...part }, stored, actor, estimates), at, copy);
  };
  return {
    async pending(tx, part) {
      for (const e of await write(tx, part)) waiting.push(e);
    },
    async committed(tx, part, copy) {
      const recorded = await write(tx, part, copy);
      await log.announce(tx, waiting.length > 0 ? [...waiting.splice(0), ...recorded] : recorded);
      await queueWritten(tx, portalId, clock.now());
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
