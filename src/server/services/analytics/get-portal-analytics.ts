import { and, asc, eq, gte, lte, sql, sum } from 'drizzle-orm';
import type { AnalyticsPeriod, PortalAnalytics } from '@core/api/portal-analytics';
import { addCalendarDays, daysBetween } from '@core/dates';
import { zoneOrUtc } from '@core/validation/auth';
import { breakdownKey, classifyStatus, completionRate } from '@core/status';
import type { AppContext } from '../../context';
import { clients, clientStatusHistory, portalLookupDaily } from '../../db/schema';
import { planAllows } from '@core/plan-features';
import type { BusinessProfile } from '../business/get-business-by-user';
import { businessPlanId, requirePlanFeature } from '../business/plan-access';
import { getPortalRow } from '../portals/get-portal';
import { usageMeterFor } from '../usage/usage-meter';
import { todayIn } from '../usage/usage-month';

interface GroupRow {
  status: string;
  n: number | string;
  new_n: number | string;
  measured: number | string;
  seconds: number | string | null;
}

type Ctx = Pick<AppContext, 'db' | 'env' | 'logger' | 'mailer' | 'settings'>;

const DAY_SECONDS = 86_400;
const jsonList = (values: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * The analytics of one of the business's portals over the last `days` days (today included, business time zone).
 *
 * - A client is "in the period" when it is a current client (in the sheet) and either not completed, or completed
 *   in the period. It is completed at its last recorded change into a completed status; a client already
 *   completed when first imported is completed when first seen.
 * - Avg. Time: days from first seen to that recorded change, over the period's completions that have one.
 * - Lookups: the portal's lookups per day of the period.
 *
 * By plan (D12): none without analytics (403 plan_feature); basic analytics answer the totals and the status
 * breakdown only (Avg. Time, new clients and lookups null).
 */
export async function getPortalAnalytics(ctx: Ctx, business: BusinessProfile, portalId: string, days: AnalyticsPeriod): Promise<PortalAnalytics> {
  const { db } = ctx;
  const portal = await getPortalRow(db, business.id, portalId);
  requirePlanFeature(business, 'analytics');
  const full = planAllows(businessPlanId(business), 'fullAnalytics');
  const timeZone = zoneOrUtc(business.timeZone);
  const to = todayIn(timeZone);
  const from = addCalendarDays(to, -(days - 1));
  const periodStart = sql`(${from}::date::timestamp at time zone ${timeZone})`;

  // Which status texts are completed is core's rule (classifyStatus): classify the distinct texts here, then
  // let the database count with the list.
  const [currentStatuses, historyStatuses] = await Promise.all([
    db
      .selectDistinct({ status: clients.status })
      .from(clients)
      .where(and(eq(clients.portalId, portal.id), sql`${clients.removedAt} is null`)),
    db.selectDistinct({ status: clientStatusHistory.newStatus }).from(clientStatusHistory).where(eq(clientStatusHistory.portalId, portal.id)),
  ]);
  const texts = new Set([...currentStatuses.map((r) => r.status), ...historyStatuses.map((r) => r.status)]);
  const completedTexts = [...texts].filter((s) => classifyStatus(s) === 'completed');
  const done = jsonList(completedTexts);

  const result = await db.execute(sql`
    with c as (
      select c.status, c.created_at, (c.status in ${done}) as is_done,
        (select max(h.changed_at) from client_status_history h
          where h.portal_id = c.portal_id and h.client_id = c.client_id and h.new_status in ${done}
            and (h.old_status is null or h.old_status not in ${done})) as done_at
      from clients c
      where c.portal_id = ${portal.id} and c.removed_at is null
    )
    select status, count(*) as n,
      count(*) filter (where created_at >= ${periodStart}) as new_n,
      count(*) filter (where is_done and done_at is not null and done_at >= created_at) as measured,
      sum(extract(epoch from (done_at - created_at))) filter (where is_done and done_at is not null and done_at >= created_at) as seconds
    from c
    where not is_done or coalesce(done_at, created_at) >= ${periodStart}
    group by status`);
  const groups = (result as unknown as { rows: GroupRow[] }).rows;

  const view: PortalAnalytics = {
    portalId: portal.id,
    level: full ? 'full' : 'basic',
    days,
    timeZone,
    from,
    to,
    sourceType: portal.sourceType,
    lastUpdated: portal.lastSyncedAt?.toISOString() ?? null,
    totalClients: 0,
    completed: 0,
    completionRate: 0,
    inProgress: 0,
    pending: 0,
    cancelled: 0,
    other: 0,
    newClients: null,
    avgDaysToComplete: null,
    completionsMeasured: 0,
    statusBreakdown: [],
    lookups: null,
  };
  const breakdown = new Map<string, number>();
  let seconds = 0;
  let newClients = 0;
  for (const g of groups) {
    const n = Number(g.n);
    view.totalClients += n;
    newClients += Number(g.new_n);
    view.completionsMeasured += Number(g.measured);
    seconds += Number(g.seconds ?? 0);
    const cls = classifyStatus(g.status);
    if (cls === 'completed') view.completed += n;
    else if (cls === 'in-progress') view.inProgress += n;
    else if (cls === 'pending') view.pending += n;
    else if (cls === 'cancelled') view.cancelled += n;
    else view.other += n;
    const key = breakdownKey(g.status);
    breakdown.set(key, (breakdown.get(key) ?? 0) + n);
  }
  view.completionRate = completionRate(view.completed, view.totalClients);
  view.statusBreakdown = [...breakdown]
    .map(([status, count]) => ({ status, count, percent: completionRate(count, view.totalClients) }))
    .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  if (!full) {
    view.completionsMeasured = 0;
    return view;
  }
  view.newClients = newClients;
  if (view.completionsMeasured > 0) view.avgDaysToComplete = Math.round((seconds / view.completionsMeasured / DAY_SECONDS) * 10) / 10;
  view.lookups = await lookupsByDay(ctx, business.id, portal.id, from, to);
  return view;
}

/** The portal's lookups and misses on each day (and the refused ones in all) from `from` to `to` (full analytics). */
async function lookupsByDay(ctx: Ctx, businessId: string, portalId: string, from: string, to: string): Promise<NonNullable<PortalAnalytics['lookups']>> {
  const { db } = ctx;
  const out: NonNullable<PortalAnalytics['lookups']> = { total: 0, misses: 0, rateLimited: 0, invalid: 0, days: [] };

  // Lookups counted in memory are written first, so the chart includes the latest ones.
  await usageMeterFor(ctx).flush();
  const lookupRows = await db
    .select({
      day: portalLookupDaily.day,
      lookups: sum(portalLookupDaily.lookups).mapWith(Number),
      misses: sum(portalLookupDaily.misses).mapWith(Number),
      rateLimited: sum(portalLookupDaily.rateLimited).mapWith(Number),
      invalid: sum(portalLookupDaily.invalid).mapWith(Number),
    })
    .from(portalLookupDaily)
    .where(and(eq(portalLookupDaily.businessId, businessId), eq(portalLookupDaily.portalId, portalId), gte(portalLookupDaily.day, from), lte(portalLookupDaily.day, to)))
    .groupBy(portalLookupDaily.day)
    .orderBy(asc(portalLookupDaily.day));
  const byDay = new Map(lookupRows.map((r) => [r.day, r]));
  const span = daysBetween(from, to);
  for (let i = 0; i <= span; i += 1) {
    const day = addCalendarDays(from, i);
    const hit = byDay.get(day);
    const lookups = hit?.lookups ?? 0;
    const misses = hit?.misses ?? 0;
    out.days.push({ day, lookups, misses });
    out.total += lookups;
    out.misses += misses;
    out.rateLimited += hit?.rateLimited ?? 0;
    out.invalid += hit?.invalid ?? 0;
  }
  return out;
}
