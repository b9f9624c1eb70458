// Pure computations of the back office's figures from PlatformData (no I/O): the dashboard and the analytics
// period. Days are UTC days.
import { isPlanId, planIds, plans, type PlanId } from '@core/plans';
import { DELETE_EVENT, SIGN_IN_EVENT, SIGNUP_EVENTS, STATUS_EVENT, type BusinessRow, type PlatformData } from './platform-data';

const DAY = 86_400_000;
const round = (n: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export const dayKey = (d: Date) => d.toISOString().slice(0, 10);
export const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** Monthly figure of a plan in back-office revenue (enterprise 1997). */
export function planPrice(plan: string): number {
  return isPlanId(plan) ? plans[plan].backOfficeMonthlyPrice : 0;
}

/** Paying = status active (a trial pays nothing). */
export const isPaying = (b: Pick<BusinessRow, 'status'>) => b.status === 'active';

/** Percentage change from previous to current, one decimal; null when previous is 0 (no base to compare). */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return round(((current - previous) / previous) * 100, 1);
}

export interface PlanRow {
  plan: PlanId;
  name: string;
  price: number;
  businesses: number;
  paying: number;
  percentOfTotal: number;
  monthlyRevenue: number;
}

export function planDistribution(businesses: BusinessRow[]): PlanRow[] {
  const total = businesses.length;
  return planIds.map((plan) => {
    const onPlan = businesses.filter((b) => b.plan === plan);
    const paying = onPlan.filter(isPaying).length;
    return {
      plan,
      name: plans[plan].name,
      price: plans[plan].backOfficeMonthlyPrice,
      businesses: onPlan.length,
      paying,
      percentOfTotal: total ? round((onPlan.length / total) * 100, 1) : 0,
      monthlyRevenue: paying * plans[plan].backOfficeMonthlyPrice,
    };
  });
}

/**
 * Trial-to-paid: of the businesses that had a trial and either pay or whose trial is over, the share that pays; null
 * without any. A business the operator created as paying, with no trial, is not a conversion.
 */
export function trialConversion(businesses: BusinessRow[], now: Date): { rate: number; converted: number; eligible: number } | null {
  const eligible = businesses.filter((b) => b.trialEndsAt !== null && (isPaying(b) || b.trialEndsAt <= now));
  if (eligible.length === 0) return null;
  const converted = eligible.filter(isPaying).length;
  return { rate: round((converted / eligible.length) * 100, 1), converted, eligible: eligible.length };
}

/** Owners (user ids) of existing businesses who signed in within [from, to). */
function activeOwners(data: PlatformData, from: Date, to: Date): Set<string> {
  const owners = new Set(data.businesses.map((b) => b.userId));
  const out = new Set<string>();
  for (const e of data.events) {
    if (e.type === SIGN_IN_EVENT && e.actorUserId && owners.has(e.actorUserId) && e.createdAt >= from && e.createdAt < to) out.add(e.actorUserId);
  }
  return out;
}

export interface DashboardFigures {
  totalBusinesses: number;
  activeBusinesses: number;
  activePercent: number;
  trialBusinesses: number;
  suspendedBusinesses: number;
  portals: { available: boolean; total: number; averagePerActiveBusiness: number | null };
  revenue: { monthly: number; perClient: number | null; payingBusinesses: number };
  plans: PlanRow[];
  metrics: {
    signupsThisMonth: number;
    signupsLastMonth: number;
    signupChangePercent: number | null;
    conversion: { rate: number; converted: number; eligible: number } | null;
    activeLast30Days: { count: number; percent: number } | null;
  };
}

function signupTimes(data: PlatformData): Date[] {
  return data.events.filter((e) => (SIGNUP_EVENTS as readonly string[]).includes(e.type)).map((e) => e.createdAt);
}

export function dashboardFigures(data: PlatformData): DashboardFigures {
  const { businesses, now } = data;
  const total = businesses.length;
  const active = businesses.filter(isPaying);
  const monthly = active.reduce((sum, b) => sum + planPrice(b.plan), 0);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const signups = signupTimes(data);
  const thisMonth = signups.filter((t) => t >= monthStart).length;
  const lastMonth = signups.filter((t) => t >= lastMonthStart && t < monthStart).length;
  const owners30 = activeOwners(data, new Date(now.getTime() - 30 * DAY), new Date(now.getTime() + 1));
  return {
    totalBusinesses: total,
    activeBusinesses: active.length,
    activePercent: total ? round((active.length / total) * 100, 1) : 0,
    trialBusinesses: businesses.filter((b) => b.status === 'trial').length,
    suspendedBusinesses: businesses.filter((b) => b.status === 'suspended').length,
    portals: {
      available: data.portalsAvailable,
      total: data.totalPortals,
      averagePerActiveBusiness: active.length ? round(data.totalPortals / active.length, 1) : null,
    },
    revenue: { monthly, perClient: active.length ? round(monthly / active.length, 2) : null, payingBusinesses: active.length },
    plans: planDistribution(businesses),
    metrics: {
      signupsThisMonth: thisMonth,
      signupsLastMonth: lastMonth,
      signupChangePercent: lastMonth === 0 ? null : percentChange(thisMonth, lastMonth),
      conversion: trialConversion(businesses, now),
      activeLast30Days: total ? { count: owners30.size, percent: round((owners30.size / total) * 100, 1) } : null,
    },
  };
}

// ---- Analytics ----

export interface DayFigures {
  date: string;
  signups: number;
  /** The day's share of monthly revenue (MRR / 30). */
  revenue: number;
  mrr: number;
  payingBusinesses: number;
  totalBusinesses: number;
  activeUsers: number;
  churned: number;
  /** Churned that day / businesses at the start of the day x 100. */
  churn: number;
  portals: number;
  /** True when the status figures come from a stored daily snapshot (else rebuilt from today's rows). */
  fromSnapshot: boolean;
}

const LOST_FROM = new Set(['active', 'trial']);
const LOST_TO = new Set(['suspended', 'inactive']);

/**
 * Businesses lost on a status change (to suspended/inactive from active/trial) or by deletion. A business that
 * came back later (reactivated to active or trial) was not lost: a suspension and its reactivation count nothing.
 */
function churnTimes(data: PlatformData): Date[] {
  const cameBack = (lost: PlatformData['events'][number]) =>
    data.events.some(
      (e) =>
        e.type === STATUS_EVENT &&
        e.businessId === lost.businessId &&
        e.createdAt >= lost.createdAt &&
        e !== lost &&
        LOST_TO.has(String(e.detail.from)) &&
        LOST_FROM.has(String(e.detail.to)),
    );
  return data.events
    .filter((e) => {
      if (e.type === STATUS_EVENT) return LOST_FROM.has(String(e.detail.from)) && LOST_TO.has(String(e.detail.to)) && !cameBack(e);
      if (e.type === DELETE_EVENT) return LOST_FROM.has(String(e.detail.status));
      return false;
    })
    .map((e) => e.createdAt);
}

/** Businesses that existed at time t: today's rows created before t, plus those deleted since. */
function businessesAt(data: PlatformData, t: Date): number {
  const deletedSince = data.events.filter((e) => e.type === DELETE_EVENT && e.createdAt >= t && new Date(String(e.detail.createdAt ?? 0)) < t).length;
  return data.businesses.filter((b) => b.createdAt < t).length + deletedSince;
}

/** Figures of each UTC day from `first` to `last` inclusive. */
export function dailyFigures(data: PlatformData, first: Date, last: Date): DayFigures[] {
  const snapshots = new Map(data.snapshots.map((s) => [s.day, s]));
  const signups = signupTimes(data);
  const churns = churnTimes(data);
  const today = dayKey(data.now);
  const out: DayFigures[] = [];
  for (let t = startOfUtcDay(first).getTime(); t <= startOfUtcDay(last).getTime(); t += DAY) {
    const start = new Date(t);
    const end = new Date(t + DAY);
    const date = dayKey(start);
    const snap = date === today ? undefined : snapshots.get(date);
    let totalBusinesses: number;
    let paying: number;
    let mrr: number;
    let portals: number;
    if (snap) {
      totalBusinesses = snap.totalBusinesses;
      paying = snap.payingBusinesses;
      mrr = snap.mrr;
      portals = snap.portals;
    } else {
      const existing = data.businesses.filter((b) => b.createdAt < end);
      const payingRows = existing.filter(isPaying);
      totalBusinesses = existing.length;
      paying = payingRows.length;
      mrr = payingRows.reduce((sum, b) => sum + planPrice(b.plan), 0);
      // Without creation times (no portals yet, or a table without them) the current total is the best figure.
      portals = date !== today && data.portalTimes.length ? data.portalTimes.filter((p) => p < end).length : data.totalPortals;
    }
    const startCount = businessesAt(data, start);
    const churned = churns.filter((c) => c >= start && c < end).length;
    out.push({
      date,
      signups: signups.filter((s) => s >= start && s < end).length,
      revenue: round(mrr / 30, 2),
      mrr,
      payingBusinesses: paying,
      totalBusinesses,
      activeUsers: activeOwners(data, start, end).size,
      churned,
      churn: startCount ? round((churned / startCount) * 100, 2) : 0,
      portals,
      fromSnapshot: Boolean(snap),
    });
  }
  return out;
}

export interface PeriodSummary {
  revenue: number;
  mrr: number;
  activeBusinesses: number;
  /** Lost over businesses at the start of the period; null with none at the start (not enough data). */
  churnRate: number | null;
  churned: number;
  signups: number;
  activeUsers: number;
  portals: number;
  arpu: number | null;
  conversionRate: number | null;
}

function summarize(data: PlatformData, days: DayFigures[], from: Date, to: Date): PeriodSummary {
  const last = days.at(-1)!;
  const churned = days.reduce((s, d) => s + d.churned, 0);
  const startBase = businessesAt(data, from);
  const cohort = data.businesses.filter((b) => b.createdAt >= from && b.createdAt < to);
  return {
    revenue: round(days.reduce((s, d) => s + d.revenue, 0), 2),
    mrr: last.mrr,
    activeBusinesses: last.payingBusinesses,
    churnRate: startBase > 0 ? round((churned / startBase) * 100, 1) : null,
    churned,
    signups: days.reduce((s, d) => s + d.signups, 0),
    activeUsers: activeOwners(data, from, to).size,
    portals: last.portals,
    arpu: last.payingBusinesses ? round(last.mrr / last.payingBusinesses, 2) : null,
    conversionRate: cohort.length ? round((cohort.filter(isPaying).length / cohort.length) * 100, 1) : null,
  };
}

export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

export interface AnalyticsFigures {
  days: AnalyticsPeriod;
  from: string;
  to: string;
  current: PeriodSummary;
  previous: PeriodSummary;
  series: DayFigures[];
  plans: PlanRow[];
  arpu: number | null;
  conversion: {
    signups: number;
    converted: number;
    inTrial: number;
    rate: number | null;
    overall: { rate: number; converted: number; eligible: number } | null;
  };
  portalsAvailable: boolean;
}

/** The analytics of the last `days` UTC days (today included), against the `days` before. */
export function analyticsFigures(data: PlatformData, days: AnalyticsPeriod): AnalyticsFigures {
  const today = startOfUtcDay(data.now);
  const from = new Date(today.getTime() - (days - 1) * DAY);
  const prevFrom = new Date(from.getTime() - days * DAY);
  const all = dailyFigures(data, prevFrom, today);
  const previousDays = all.slice(0, days);
  const series = all.slice(days);
  const end = new Date(today.getTime() + DAY);
  const current = summarize(data, series, from, end);
  const previous = summarize(data, previousDays, prevFrom, from);
  const cohort = data.businesses.filter((b) => b.createdAt >= from);
  const plansRows = planDistribution(data.businesses);
  const paying = data.businesses.filter(isPaying);
  const mrr = paying.reduce((s, b) => s + planPrice(b.plan), 0);
  return {
    days,
    from: dayKey(from),
    to: dayKey(today),
    current,
    previous,
    series,
    plans: plansRows,
    arpu: paying.length ? round(mrr / paying.length, 2) : null,
    conversion: {
      // The cohort the three figures below are counted over: businesses that signed up in the period and still exist.
      signups: cohort.length,
      converted: cohort.filter(isPaying).length,
      inTrial: cohort.filter((b) => b.status === 'trial').length,
      rate: current.conversionRate,
      overall: trialConversion(data.businesses, data.now),
    },
    portalsAvailable: data.portalsAvailable,
  };
}

/** Start of the data an analytics period needs (the period before it included). */
export function analyticsSince(now: Date, days: AnalyticsPeriod): Date {
  return new Date(startOfUtcDay(now).getTime() - (2 * days - 1) * DAY);
}
