import type { ClientEventActor, ClientEventData, ClientEventType, NewClientEvent } from '../client-events';
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
  return { type: 'client.estimate_changed', portalId, clientId, data: { from, to }, actor };
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
  // Each event as one literal of the same shape (a bulk write plans tens of thousands: spreading a shared base into
  // each took twice the time).
  const event = <T extends ClientEventType>(type: T, data: ClientEventData[T]) => ({ type, portalId, clientId, data, actor }) as NewClientEvent;
  const wasThere = before !== null && !before.removed;
  const isThere = after !== null && !after.removed;
  if (!isThere) return wasThere ? [event('client.removed', {})] : [];
  if (before === null) return [event('client.added', { status: after.status, statusClass: classifyStatus(after.status) })];
  const events: NewClientEvent[] = [];
  if (before.removed) events.push(event('client.restored', {}));
  if (before.status !== after.status) {
    const fromClass = classifyStatus(before.status);
    const toClass = classifyStatus(after.status);
    events.push(event('client.status_changed', { from: before.status, to: after.status, fromClass, toClass }));
    if (toClass !== fromClass && toClass === 'completed') events.push(event('client.completed', { status: after.status }));
    if (toClass !== fromClass && toClass === 'cancelled') events.push(event('client.cancelled', { status: after.status }));
  }
  // A restored client's figures were cleared when it left: its place is news only as a move within the queue.
  if (wasThere && before.queuePosition !== after.queuePosition) events.push(event('client.queue_moved', { from: before.queuePosition, to: after.queuePosition }));
  if (estimates === 'writers' && wasThere && before.estimatedCompletion !== after.estimatedCompletion) {
    events.push(estimateChangedEvent(portalId, clientId, before.estimatedCompletion, after.estimatedCompletion, actor));
  }
  return events;
}
