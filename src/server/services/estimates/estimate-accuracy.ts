import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { EstimateAccuracy } from '@core/api/estimates';
import { addCalendarDays, type IsoDate } from '@core/dates';
import { calendarFor } from '@core/estimate';
import { ACCURACY_LEADS, STALE_SHOWN_DAYS, estimateAccuracy, type AccuracyPeriod, type CompletedWithShown, type ShownEstimate } from '@core/estimates/accuracy';
import { backTest, MAX_RESIDUAL_OBSERVATIONS, type EstimateSetup, type PortalHistory } from '@core/estimates/back-test';
import { pastQueues, type QueueMove } from '@core/estimates/past-queues';
import { seedFromText } from '@core/estimates/random';
import { throughputWindow } from '@core/estimates/throughput';
import { classifyPriority, type PriorityClass } from '@core/priority';
import { zoneOrUtc } from '@core/validation/auth';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { clients, estimateSnapshots, portalEstimateState } from '../../db/schema';
import type { BusinessProfile } from '../business/get-business-by-user';
import { requirePlanFeature } from '../business/plan-access';
import { getPortalRow } from '../portals/get-portal';
import { readWorkloadSettings } from '../sheet-sync/workload-state';
import { readCompletions } from './read-completions';
import { readCompletedOn, windowStartInstant } from './read-history';

// How a portal's estimates fared (issue 20 item 4, decision 0017): for the clients completed in the last `days` days,
// what they were shown 30, 14 and 7 days before. From the daily snapshots once they reach back that far; before that
// (a portal new to ranges), a back-test: each past morning's estimates computed from what was known then.

/** Runs of each back-tested morning (the product's estimate runs 4,000; the figures pool many clients). */
export const BACK_TEST_RUNS = 1000;

/** Answers kept per database (tests run several), at most this many each. */
const CACHE_SIZE = 500;
const answers = new WeakMap<Db, Map<string, EstimateAccuracy>>();

/**
 * The accuracy figures of one of the business's portals over the last `days` days (business time zone). An answer is
 * kept for its portal, period and day: a back-test costs seconds and its inputs only change with the portal's data.
 * The key holds when the portal's estimates were last computed, which every sync and queue change moves (the
 * refresh they ask for), and the workload settings: a sync on any instance makes the next read compute afresh.
 */
export async function getEstimateAccuracy(ctx: Pick<AppContext, 'db' | 'clock'>, business: BusinessProfile, portalId: string, days: AccuracyPeriod): Promise<EstimateAccuracy> {
  const portal = await getPortalRow(ctx.db, business.id, portalId);
  requirePlanFeature(business, 'analytics');
  const timeZone = zoneOrUtc(business.timeZone);
  const today = ctx.clock.today(timeZone);
  const [state] = await ctx.db.select({ updatedAt: portalEstimateState.updatedAt }).from(portalEstimateState).where(eq(portalEstimateState.portalId, portal.id));
  const key = [portal.id, today, days, state?.updatedAt.toISOString() ?? '-', JSON.stringify(portal.workloadSettings)].join('|');
  let cache = answers.get(ctx.db);
  if (!cache) answers.set(ctx.db, (cache = new Map()));
  const kept = cache.get(key);
  if (kept) return kept;
  const answer = await computeAccuracy(ctx.db, { id: portal.id, createdAt: portal.createdAt, timeZone, workloadSettings: portal.workloadSettings }, today, days);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, answer);
  return answer;
}

async function computeAccuracy(db: Db, portal: { id: string; createdAt: Date; timeZone: string; workloadSettings: unknown }, today: IsoDate, days: AccuracyPeriod): Promise<EstimateAccuracy> {
  const { timeZone } = portal;
  const settings = readWorkloadSettings(portal.workloadSettings);
  const calendar = calendarFor(settings);
  const from = addCalendarDays(today, -(days - 1));
  const firstShown = addCalendarDays(from, -(Math.max(...ACCURACY_LEADS) + STALE_SHOWN_DAYS));
  const done = inPeriod(await readCompletedOn(db, portal.id, timeZone, windowStartInstant(undefined, from)), from, today);
  const shownSince = await snapshotsReachBack(db, portal.id, addCalendarDays(from, -Math.max(...ACCURACY_LEADS)));
  const completed = shownSince
    ? await shownTo(db, portal.id, done, firstShown)
    : await backTested(db, portal, { settings, calendar, seed: portal.id, runs: BACK_TEST_RUNS }, { firstShown, from, today });
  return { days, source: shownSince ? 'shown' : 'back-test', completed: done.size, leads: estimateAccuracy(completed, calendar) };
}

function inPeriod(completedOn: Map<string, IsoDate>, from: IsoDate, to: IsoDate): Map<string, IsoDate> {
  return new Map([...completedOn].filter(([, day]) => day >= from && day <= to));
}

/** True when the portal's snapshots go back to `day` (what was shown then is known, not reconstructed). */
async function snapshotsReachBack(db: Db, portalId: string, day: IsoDate): Promise<boolean> {
  const [first] = await db
    .select({ shownOn: sql<string>`to_char(min(${estimateSnapshots.shownOn}), 'YYYY-MM-DD')` })
    .from(estimateSnapshots)
    .where(eq(estimateSnapshots.portalId, portalId));
  return Boolean(first?.shownOn && first.shownOn <= day);
}

const CHUNK = 1000;

/** What each completed client was shown (the daily snapshots from `since` on), in date order. */
async function shownTo(db: Db, portalId: string, done: Map<string, IsoDate>, since: IsoDate): Promise<CompletedWithShown[]> {
  const ids = [...done.keys()];
  const shown = new Map<string, ShownEstimate[]>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .select({ clientId: estimateSnapshots.clientId, shownOn: estimateSnapshots.shownOn, likely: estimateSnapshots.likely, low: estimateSnapshots.low, high: estimateSnapshots.high })
      .from(estimateSnapshots)
      .where(and(eq(estimateSnapshots.portalId, portalId), inArray(estimateSnapshots.clientId, ids.slice(i, i + CHUNK)), gte(estimateSnapshots.shownOn, since)))
      .orderBy(estimateSnapshots.clientId, estimateSnapshots.shownOn);
    for (const { clientId, ...estimate } of rows) {
      const list = shown.get(clientId) ?? [];
      list.push(estimate);
      shown.set(clientId, list);
    }
  }
  return [...done].map(([clientId, completedOn]) => ({ completedOn, shown: shown.get(clientId) ?? [] }));
}

interface BackTestPeriod {
  /** The first morning whose estimates count (the longest lead and its staleness before the period). */
  firstShown: IsoDate;
  from: IsoDate;
  today: IsoDate;
}

/**
 * The back-test: every working morning from `firstShown` to yesterday, estimated from the completions and queues known
 * then (queues read back from today's by undoing the recorded moves), for the clients completed in the period.
 */
async function backTested(db: Db, portal: { id: string; createdAt: Date; timeZone: string }, setup: EstimateSetup, period: BackTestPeriod): Promise<CompletedWithShown[]> {
  const window = throughputWindow([], setup.calendar, period.firstShown, { firstDate: null });
  const since = windowStartInstant(window.days[0], period.firstShown);
  const completions = await readCompletions(db, portal, portal.timeZone, since);
  const dates = workingDates(setup, period.firstShown, addCalendarDays(period.today, -1));
  const history: PortalHistory = {
    completions: completions.completions,
    mornings: await readPastQueues(db, portal, since, dates),
    completedOn: await readCompletedOn(db, portal.id, portal.timeZone, since),
    firstDate: completions.firstDate,
  };
  return backTest(setup, history, period.firstShown, addCalendarDays(period.today, -1)).filter((c) => c.completedOn >= period.from);
}

function workingDates(setup: EstimateSetup, from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) if (setup.calendar.isWorkingDay(day)) out.push(day);
  return out;
}

/**
 * Past mornings' queues from today's and the queue moves recorded since `since` (added clients had no place before).
 * Past 50,000 client-mornings, whole clients are kept or left out by a hash of their id.
 */
async function readPastQueues(db: Db, portal: { id: string; timeZone: string }, since: Date, dates: readonly IsoDate[]) {
  const all = await db
    .select({ clientId: clients.clientId, position: clients.queuePosition, priority: clients.priority, queued: sql<boolean>`${clients.queueState} = 'queued' and ${clients.removedAt} is null` })
    .from(clients)
    .where(eq(clients.portalId, portal.id));
  const classes = new Map<string, PriorityClass>(all.map((c) => [c.clientId, classifyPriority(c.priority)]));
  const current = all.filter((c) => c.queued && c.position !== null).map((c) => ({ id: c.clientId, position: c.position as number, priorityClass: classes.get(c.clientId) as PriorityClass }));
  const result = await db.execute(sql`
    select client_id, to_char(occurred_at at time zone ${portal.timeZone}, 'YYYY-MM-DD') as day,
      (data->>'from')::int as from_position, (data->>'to')::int as to_position
    from client_events
    where portal_id = ${portal.id} and occurred_at >= ${since.toISOString()}::timestamptz and type in ('client.queue_moved', 'client.added')
    order by id desc`);
  const moves: QueueMove[] = (result as unknown as { rows: { client_id: string; day: string; from_position: number | null; to_position: number | null }[] }).rows.map((r) => ({
    clientId: r.client_id,
    date: r.day,
    from: r.from_position === null ? null : Number(r.from_position),
    to: r.to_position === null ? null : Number(r.to_position),
  }));
  const mornings = pastQueues(current, moves, dates, (id) => classes.get(id));
  const total = mornings.reduce((n, m) => n + m.clients.length, 0);
  if (total <= MAX_RESIDUAL_OBSERVATIONS) return mornings;
  const keep = MAX_RESIDUAL_OBSERVATIONS / total;
  return mornings.map((m) => ({ date: m.date, clients: m.clients.filter((c) => seedFromText(c.id) / 4294967296 < keep) }));
}
