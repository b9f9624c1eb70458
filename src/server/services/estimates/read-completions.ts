import { sql } from 'drizzle-orm';
import { addCalendarDays, todayInTimeZone, type IsoDate } from '@core/dates';
import type { DatedCount } from '@core/estimates/throughput';
import { classifyStatus } from '@core/status';
import type { Db, Tx } from '../../db/client';

// A portal's throughput history (issue 20 item 1): how many clients it completed on each date of the business's time
// zone. From the client events (client.completed, less a completed client set back to an open status) since the
// portal's first event; before that, from the stored status history (a change from an open status into a completed
// one, less the reverse), which is how portals that predate the events are backfilled. A client imported already
// completed was not completed by the team that day and is not counted.

export interface PortalCompletions {
  /** Completions per date, oldest first. */
  completions: DatedCount[];
  /** The first full day of the portal (the day after it was created): the window never reaches before it. */
  firstDate: IsoDate;
  /** When the portal's events start (status history before it), or null without events. */
  eventsSince: Date | null;
}

interface DayRow {
  day: string;
  done: number | string;
  undone: number | string;
}

const jsonList = (values: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** Completions per date of `timeZone` from `since` on (a time a little before the window's first working day). */
export async function readCompletions(q: Db | Tx, portal: { id: string; createdAt: Date }, timeZone: string, since: Date): Promise<PortalCompletions> {
  const first = await q.execute(sql`select occurred_at from client_events where portal_id = ${portal.id} order by id limit 1`);
  const firstRow = (first as unknown as { rows: { occurred_at: Date | string }[] }).rows[0];
  const eventsSince = firstRow ? new Date(firstRow.occurred_at) : null;
  const byDay = new Map<string, number>();
  const add = (rows: DayRow[]) => {
    for (const r of rows) byDay.set(r.day, (byDay.get(r.day) ?? 0) + Number(r.done) - Number(r.undone));
  };
  if (eventsSince === null || eventsSince > since) add(await historyDays(q, portal.id, timeZone, since, eventsSince));
  if (eventsSince !== null) add(await eventDays(q, portal.id, timeZone, eventsSince > since ? eventsSince : since));
  const completions = [...byDay]
    .filter(([, count]) => count > 0)
    .map(([date, count]) => ({ date, count }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  return { completions, firstDate: addCalendarDays(todayInTimeZone(timeZone, portal.createdAt), 1), eventsSince };
}

async function eventDays(q: Db | Tx, portalId: string, timeZone: string, from: Date): Promise<DayRow[]> {
  const result = await q.execute(sql`
    select to_char(occurred_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
      count(*) filter (where type = 'client.completed') as done,
      count(*) filter (where type = 'client.status_changed' and data->>'fromClass' = 'completed' and data->>'toClass' <> 'completed') as undone
    from client_events
    where portal_id = ${portalId} and occurred_at >= ${from.toISOString()}::timestamptz
      and type in ('client.completed', 'client.status_changed')
    group by 1`);
  return (result as unknown as { rows: DayRow[] }).rows;
}

/** Status history before the events: which texts are completed is core's rule, so the distinct texts are classified here. */
async function historyDays(q: Db | Tx, portalId: string, timeZone: string, from: Date, until: Date | null): Promise<DayRow[]> {
  const texts = await q.execute(sql`select distinct new_status as status from client_status_history where portal_id = ${portalId}`);
  const completed = (texts as unknown as { rows: { status: string }[] }).rows.map((r) => r.status).filter((s) => classifyStatus(s) === 'completed');
  if (completed.length === 0) return [];
  const done = jsonList(completed);
  const result = await q.execute(sql`
    select to_char(changed_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
      count(*) filter (where new_status in ${done} and old_status not in ${done}) as done,
      count(*) filter (where old_status in ${done} and new_status not in ${done}) as undone
    from client_status_history
    where portal_id = ${portalId} and changed_at >= ${from.toISOString()}::timestamptz
      ${until ? sql`and changed_at < ${until.toISOString()}::timestamptz` : sql``}
      and old_status is not null
    group by 1`);
  return (result as unknown as { rows: DayRow[] }).rows;
}

/** Completions recorded on `today` (the estimate's first day has that much less to do). */
export function completedOn(completions: readonly DatedCount[], today: IsoDate): number {
  return completions.find((c) => c.date === today)?.count ?? 0;
}
