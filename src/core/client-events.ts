// Client events (issue 18, architecture lesson 15): what changed for whom, recorded in the same transaction as the
// change. Notifications, webhooks and estimates read these; they never re-derive changes on their own.
import type { StatusClass } from './status';

export const clientEventTypes = [
  'client.added',
  'client.status_changed',
  'client.completed',
  'client.cancelled',
  'client.queue_moved',
  'client.estimate_changed',
  'client.removed',
  'client.restored',
] as const;
export type ClientEventType = (typeof clientEventTypes)[number];

/** What each event carries beside its portal, client, time and cause. Dates are 'YYYY-MM-DD'. */
export interface ClientEventData {
  'client.added': { status: string; statusClass: StatusClass };
  'client.status_changed': { from: string; to: string; fromClass: StatusClass; toClass: StatusClass };
  'client.completed': { status: string };
  'client.cancelled': { status: string };
  'client.queue_moved': { from: number | null; to: number | null };
  'client.estimate_changed': { from: string | null; to: string | null };
  'client.removed': Record<string, never>;
  'client.restored': Record<string, never>;
}

/**
 * Who or what caused a change: a sync run, a signed-in user (owner, or an operator acting as the business), an API
 * key, or a scheduled job (e.g. the daily queue refresh).
 */
export type ClientEventActor =
  | { kind: 'sync'; runId: string }
  | { kind: 'user'; userId: string }
  | { kind: 'api_key'; keyId: string }
  | { kind: 'system'; job: string };

/** One event to record: the union keeps each type with its own data. */
export type NewClientEvent = {
  [T in ClientEventType]: { type: T; portalId: string; clientId: string; data: ClientEventData[T]; actor: ClientEventActor };
}[ClientEventType];

/** How an actor is stored and shown: 'sync:<run>', 'user:<id>', 'api_key:<id>', 'system:<job>'. */
export function actorKey(actor: ClientEventActor): string {
  switch (actor.kind) {
    case 'sync':
      return `sync:${actor.runId}`;
    case 'user':
      return `user:${actor.userId}`;
    case 'api_key':
      return `api_key:${actor.keyId}`;
    case 'system':
      return `system:${actor.job}`;
  }
}

/** Days events are kept (issue 18: 90 days). */
export const CLIENT_EVENT_RETENTION_DAYS = 90;
