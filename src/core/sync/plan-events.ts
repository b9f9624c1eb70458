import type { ClientEventActor, NewClientEvent } from '../client-events';
import { clientChangeEvents, type ClientState, type EstimateEventSource } from './client-changes';
import type { QueueWrite } from './queue-diff';

// The events of a whole write (issue 18 item 5), derived once from what it writes and what was stored: the sheet
// sync's plan (on every write path), and the queue recompute (settings change, daily refresh, manual position,
// restore). Each client's change goes through clientChangeEvents, the one rule.

/** A client row as a plan writes it (only what events compare). */
export interface PlannedClient {
  client_id: string;
  status: string;
  queue_position: number | null;
  estimated_completion: string | null;
}

/** What a write changes: new clients, changed (or restored) ones, queue figures alone, and clients that left. */
export interface PlannedChanges {
  inserts: readonly PlannedClient[];
  updates: readonly PlannedClient[];
  queueUpdates: readonly Pick<QueueWrite, 'client_id' | 'queue_position' | 'estimated_completion'>[];
  removals: readonly string[];
}

const stateOf = (c: PlannedClient): ClientState => ({ status: c.status, queuePosition: c.queue_position, estimatedCompletion: c.estimated_completion, removed: false });

/**
 * Every client event of a write, in the order the rows are listed: removals, new clients, changed clients, queue
 * moves. `stored`: the clients as they were (a client missing from it is new); `estimates`: who records the portal's
 * estimate changes (clientChangeEvents).
 */
export function planEvents(
  portalId: string,
  plan: PlannedChanges,
  stored: ReadonlyMap<string, ClientState>,
  actor: ClientEventActor,
  estimates: EstimateEventSource,
): NewClientEvent[] {
  const events: NewClientEvent[] = [];
  const add = (clientId: string, after: ClientState | null) => {
    for (const e of clientChangeEvents(portalId, clientId, stored.get(clientId) ?? null, after, actor, estimates)) events.push(e);
  };
  for (const clientId of plan.removals) add(clientId, null);
  for (const c of plan.inserts) add(c.client_id, stateOf(c));
  for (const c of plan.updates) add(c.client_id, stateOf(c));
  for (const q of plan.queueUpdates) {
    const before = stored.get(q.client_id);
    if (before) add(q.client_id, { status: before.status, queuePosition: q.queue_position, estimatedCompletion: q.estimated_completion, removed: before.removed });
  }
  return events;
}
