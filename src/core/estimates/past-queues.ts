import type { IsoDate } from '../dates';
import type { PriorityClass } from '../priority';
import type { MorningClient, QueueMorning } from './back-test';

// The queues of past mornings of a portal new to ranges (issue 20 item 4): it has no daily snapshots yet, so its past
// mornings are read back from today's queue by undoing, newest first, the queue moves recorded since (client events).
// A move on a date happened after that date's morning.

/** A recorded change of a client's place in the queue (positions; null: not in the queue). */
export interface QueueMove {
  clientId: string;
  date: IsoDate;
  from: number | null;
  to: number | null;
}

/**
 * Each of `dates`' morning queues, from the queue now and the moves since, newest first as recorded (moves of one
 * date are undone in that order). A client added since is a move from null. A client's class is its class now
 * (`classOf`), or medium for a client no longer known.
 */
export function pastQueues(current: readonly MorningClient[], moves: readonly QueueMove[], dates: readonly IsoDate[], classOf: (clientId: string) => PriorityClass | undefined): QueueMorning[] {
  const place = new Map<string, number>(current.map((c) => [c.id, c.position]));
  const newestFirst = [...moves].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const out: QueueMorning[] = [];
  let next = 0;
  for (const date of [...dates].sort().reverse()) {
    for (; next < newestFirst.length && (newestFirst[next] as QueueMove).date >= date; next += 1) {
      const move = newestFirst[next] as QueueMove;
      if (move.from === null) place.delete(move.clientId);
      else place.set(move.clientId, move.from);
    }
    const clients = [...place].map(([id, position]) => ({ id, position, priorityClass: classOf(id) ?? 'medium' })).sort((a, b) => a.position - b.position);
    out.push({ date, clients });
  }
  return out.reverse();
}
