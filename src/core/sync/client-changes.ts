import type { ClientEventActor, NewClientEvent } from '../client-events';
import { classifyStatus } from '../status';

// One place that says what changed for a client (issue 18 item 5): every writer (sheet sync, upload, manual
// position, restore, queue recompute, later the managed source) turns its before/after into events here, so the
// same change always gives the same events.

/**
 * Who records a portal's `client.estimate_changed` (decision 0017): its writers (sync, upload, queue recompute,
 * manual position, managed writes), with D4's formula dates, until the portal's estimates are computed; from then on
 * the estimates refresh alone, with the most likely date the card shows. Two sources would merge into one message
 * with a formula `from` and a range `to`.
 */
export type EstimateEventSource = 'writers' | 'refresh';

/** The one shape of an estimate's change: old and new date ('YYYY-MM-DD', null: none). */
export function estimateChangedEvent(portalId: string, clientId: string, from: string | null, to: string | null, actor: ClientEventActor): NewClientEvent {
  return { portalId, clientId, actor, type: 'client.estimate_changed', data: { from, to } };
}

/** What events compare of a client. */
export interface ClientState {
  status: string;
  queuePosition: number | null;
  estimatedCompletion: string | null;
  removed: boolean;
}

/**
 * The events for one client's change, in this order: added | restored, status_changed (+ completed / cancelled when
 * it enters that class), queue_moved, estimate_changed | removed. `before` null: a new client; `after` null or
 * removed: it left. A client that is and stays removed has no events. `estimates`: who records estimate changes
 * for the portal; with 'refresh' a writer's change of the formula's date is no event.
 */
export function clientChangeEvents(
  portalId: string,
  clientId: string,
  before: ClientState | null,
  after: ClientState | null,
  actor: ClientEventActor,
  estimates: EstimateEventSource,
): NewClientEvent[] {
  const base = { portalId, clientId, actor };
  const wasThere = before !== null && !before.removed;
  const isThere = after !== null && !after.removed;
  if (!isThere) return wasThere ? [{ ...base, type: 'client.removed', data: {} }] : [];
  const events: NewClientEvent[] = [];
  if (before === null) return [{ ...base, type: 'client.added', data: { status: after.status, statusClass: classifyStatus(after.status) } }];
  if (before.removed) events.push({ ...base, type: 'client.restored', data: {} });
  if (before.status !== after.status) {
    const fromClass = classifyStatus(before.status);
    const toClass = classifyStatus(after.status);
    events.push({ ...base, type: 'client.status_changed', data: { from: before.status, to: after.status, fromClass, toClass } });
    if (toClass !== fromClass && toClass === 'completed') events.push({ ...base, type: 'client.completed', data: { status: after.status } });
    if (toClass !== fromClass && toClass === 'cancelled') events.push({ ...base, type: 'client.cancelled', data: { status: after.status } });
  }
  // A restored client's figures were cleared when it left: its place is news only as a move within the queue.
  if (wasThere && before.queuePosition !== after.queuePosition) events.push({ ...base, type: 'client.queue_moved', data: { from: before.queuePosition, to: after.queuePosition } });
  if (estimates === 'writers' && wasThere && before.estimatedCompletion !== after.estimatedCompletion) {
    events.push(estimateChangedEvent(portalId, clientId, before.estimatedCompletion, after.estimatedCompletion, actor));
  }
  return events;
}
