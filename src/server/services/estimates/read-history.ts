import { sql } from 'drizzle-orm';
import { addCalendarDays, dayToIso, type IsoDate } from '@core/dates';
import { MAX_RESIDUAL_OBSERVATIONS, type QueueMorning } from '@core/estimates/back-test';
import type { PriorityClass } from '@core/priority';
import type { Db } from '../../db/client';

// What a portal's estimates learn from beside its daily completions (decision 0017): the queues of past mornings in
// the window (the daily snapshots) and the day each client was done (its last client.completed event).

/** An instant safely before the first day of the window in any time zone (two days before it, UTC midnight). */
export function windowStartInstant(firstWindowDay: number | undefined, today: IsoDate): Date {
  const first = firstWindowDay === undefined ? today : dayToIso(firstWindowDay);
  return new Date(`${addCalendarDays(first, -2)}T00:00:00Z`);
}

interface MorningRow {
  shown_on: string;
  client_id: string;
  position: number;
  priority_class: PriorityClass;
}

/**
 * The snapshots' queues of the mornings from `since` to before `today`, and when each client was done. Past 50,000
 * client-mornings, whole clients are kept or left out by a hash of their id (the residuals keep a client's days
 * together).
 */
export async function readPastMornings(db: Db, portalId: string, timeZone: string, since: Date, today: IsoDate): Promise<{ mornings: QueueMorning[]; completedOn: Map<string, IsoDate> }> {
  const from = since.toISOString().slice(0, 10);
  const counted = await db.execute(sql`select count(*) as n from estimate_snapshots where portal_id = ${portalId} and shown_on >= ${from}::date and shown_on < ${today}::date`);
  const total = Number((counted as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
  const keepPerMille = total <= MAX_RESIDUAL_OBSERVATIONS ? 1000 : Math.max(1, Math.floor((1000 * MAX_RESIDUAL_OBSERVATIONS) / total));
  const result = await db.execute(sql`
    select to_char(shown_on, 'YYYY-MM-DD') as shown_on, client_id, position, priority_class from estimate_snapshots
    where portal_id = ${portalId} and shown_on >= ${from}::date and shown_on < ${today}::date
      ${keepPerMille < 1000 ? sql`and mod(abs(hashtext(client_id)), 1000) < ${keepPerMille}` : sql``}
    order by shown_on`);
  const mornings: QueueMorning[] = [];
  for (const r of (result as unknown as { rows: MorningRow[] }).rows) {
    let morning = mornings[mornings.length - 1];
    if (!morning || morning.date !== r.shown_on) {
      morning = { date: r.shown_on, clients: [] };
      mornings.push(morning);
    }
    (morning.clients as { id: string; position: number; priorityClass: PriorityClass }[]).push({ id: r.client_id, position: Number(r.position), priorityClass: r.priority_class });
  }
  return { mornings, completedOn: await readCompletedOn(db, portalId, timeZone, since) };
}

/** The date (business zone) each client was last completed on, from `since` on. */
export async function readCompletedOn(db: Db, portalId: string, timeZone: string, since: Date): Promise<Map<string, IsoDate>> {
  const result = await db.execute(sql`
    select client_id, to_char(max(occurred_at) at time zone ${timeZone}, 'YYYY-MM-DD') as day from client_events
    where portal_id = ${portalId} and type = 'client.completed' and occurred_at >= ${since.toISOString()}::timestamptz
    group by client_id`);
  return new Map((result as unknown as { rows: { client_id: string; day: string }[] }).rows.map((r) => [r.client_id, r.day]));
}
