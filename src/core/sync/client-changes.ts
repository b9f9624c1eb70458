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


/** What events compare of a client. */
export interface ClientState {
  status: string;
  queuePosition: number | null;
  estimatedCompletion: string | null;
  removed: boolean;
}

/** Whose change an event tells, and who made it. */
interface EventSubject {
  portalId: string;
  clientId: string;
  actor: ClientEventActor;
}

/**
 * One event, as a literal of the same shape for every type (a bulk write plans tens of thousands: spreading a shared
 * base into each took twice the time, and a closure made per client is named at each call under tsx). Every field of
 * NewClientEvent is listed: one added to the type must be added here (the cast would not say so).
 */
function clientEvent<T extends ClientEventType>(who: EventSubject, type: T, data: ClientEventData[T]): NewClientEvent {
  return { type, portalId: who.portalId, clientId: who.clientId, data, actor: who.actor } as NewClientEvent;
}

/** The one shape of an estimate's change: old and new date ('YYYY-MM-DD', null: none). */
export function estimateChangedEvent(portalId: string, clientId: string, from: string | null, to: string | null, actor: ClientEventActor): NewClientEvent {
  return clientEvent({ portalId, clientId, actor }, 'client.estimate_changed', { from, to });
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
  const who: EventSubject = { portalId, clientId, actor };
  const wasThere = before !== null && !before.removed;
  const isThere = after !== null && !after.removed;
  if (!isThere) return wasThere ? [clientEvent(who, 'client.removed', {})] : [];
  if (before === null) return [clientEvent(who, 'client.added', { status: after.status, statusClass: classifyStatus(after.status) })];
  const events: NewClientEvent[] = [];
  if (before.removed) events.push(clientEvent(who, 'client.restored', {}));
  if (before.status !== after.status) {
    const fromClass = classifyStatus(before.status);
    const toClass = classifyStatus(after.status);
    events.push(clientEvent(who, 'client.status_changed', { from: before.status, to: after.status, fromClass, toClass }));
    if (toClass !== fromClass && toClass === 'completed') events.push(clientEvent(who, 'client.completed', { status: after.status }));
    if (toClass !== fromClass && toClass === 'cancelled') events.push(clientEvent(who, 'client.cancelled', { status: after.status }));
  }
  // A restored client's figures were cleared when it left: its place is news only as a move within the queue.
  if (wasThere && before.queuePosition !== after.queuePosition) events.push(clientEvent(who, 'client.queue_moved', { from: before.queuePosition, to: after.queuePosition }));
  if (estimates === 'writers' && wasThere && before.estimatedCompletion !== after.estimatedCompletion) {
    events.push(estimateChangedEvent(portalId, clientId, before.estimatedCompletion, after.estimatedCompletion, actor));
  }
  return events;
}
