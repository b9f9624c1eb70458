import { and, asc, eq, gte, lte, sum } from 'drizzle-orm';
import { searchUsageLevel, type SearchUsageLevel } from '@core/plans';
import type { AppContext } from '../../context';
import { businessLookupMonthly, portalLookupDaily } from '../../db/schema';
import type { BusinessProfile } from '../business/get-business-by-user';
import { planFor, usageMeterFor } from './usage-meter';
import { monthOf, todayIn } from './usage-month';

export interface UsageView {
  /** 'YYYY-MM' in the business's time zone. */
  month: string;
  used: number;
  /** The plan's searches per month; null = unlimited. */
  limit: number | null;
  level: SearchUsageLevel;
  plan: string;
  /** Lookups per day of the month so far (days without lookups left out). */
  days: { day: string; lookups: number; misses: number }[];
}

/** This month's portal lookups of the business against its plan (D5), for the app's usage meter. */
export async function getUsage(ctx: Pick<AppContext, 'db' | 'env' | 'logger' | 'mailer' | 'settings'>, business: BusinessProfile): Promise<UsageView> {
  await usageMeterFor(ctx).flush();
  const today = todayIn(business.timeZone);
  const month = monthOf(today);
  const [row] = await ctx.db
    .select({ lookups: businessLookupMonthly.lookups })
    .from(businessLookupMonthly)
    .where(and(eq(businessLookupMonthly.businessId, business.id), eq(businessLookupMonthly.month, month)));
  const days = await ctx.db
    .select({ day: portalLookupDaily.day, lookups: sum(portalLookupDaily.lookups).mapWith(Number), misses: sum(portalLookupDaily.misses).mapWith(Number) })
    .from(portalLookupDaily)
    .where(and(eq(portalLookupDaily.businessId, business.id), gte(portalLookupDaily.day, `${month}-01`), lte(portalLookupDaily.day, today)))
    .groupBy(portalLookupDaily.day)
    .orderBy(asc(portalLookupDaily.day));
  const used = row?.lookups ?? 0;
  const plan = planFor(business.plan);
  return { month, used, limit: plan.searchesPerMonth, level: searchUsageLevel(plan, used), plan: plan.id, days };
}
