// Pure computations of the back office's figures from PlatformData (no I/O): the dashboard and the analytics
// period. Days are UTC days.
import { planIds, plans, type PlanId } from '@core/plans';
import { DELETE_EVENT, SIGN_IN_EVENT, SIGNUP_EVENTS, STATUS_EVENT, type BusinessRow, type PaymentRow, type PlatformData } from './platform-data';

const DAY = 86_400_000;
const round = (n: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export const dayKey = (d: Date) => d.toISOString().slice(0, 10);
export const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** Average days in a month: an invoice's period in months. */
const MONTH_DAYS = 30.44;

/**
 * Paid subscriptions at instant t (issue 21 item 6): each business with a paid invoice whose period covers t, and what
 * it pays a month by the latest such invoice (its amount over its period in months: a yearly invoice counts a twelfth
 * a month). A business the operator gave a plan, a trial, or one whose renewal is unpaid pays nothing here.
 */
export function paidSubscriptions(payments: readonly PaymentRow[], t: Date): Map<string, number> {
  const latest = new Map<string, PaymentRow>();
  for (const p of payments) {
    if (p.periodStart > t || p.periodEnd <= t) continue;
    const kept = latest.get(p.businessId);
    if (!kept || p.periodStart > kept.periodStart || (p.periodStart.getTime() === kept.periodStart.getTime() && p.paidAt > kept.paidAt)) latest.set(p.businessId, p);
  }
  const out = new Map<string, number>();
  for (const [id, p] of latest) out.set(id, p.amount / Math.max(1, Math.round((p.periodEnd.getTime() - p.periodStart.getTime()) / (MONTH_DAYS * DAY))));
  return out;
}

/** Monthly recurring revenue of paid subscriptions, to the cent. */
const sumMonthly = (paid: ReadonlyMap<string, number>) => round([...paid.values()].reduce((a, b) => a + b, 0), 2);

/** Money received in [from, to): the paid invoices' amounts. */
export function receivedBetween(payments: readonly PaymentRow[], from: Date, to: Date): number {
  return round(payments.reduce((sum, p) => (p.paidAt >= from && p.paidAt < to ? sum + p.amount : sum), 0), 2);
}

/** Active businesses that no paid subscription covers now (a plan the operator gave, an unpaid renewal): counted apart. */
export const unpaidBusinesses = (businesses: readonly BusinessRow[], paid: ReadonlyMap<string, number>) => businesses.filter((b) => b.status === 'active' && !paid.has(b.id)).length;

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

/** Businesses per plan; `paying` and `monthlyRevenue` from the paid subscriptions. */
export function planDistribution(businesses: BusinessRow[], paid: ReadonlyMap<string, number>): PlanRow[] {
  const total = businesses.length;
  return planIds.map((plan) => {
    const onPlan = businesses.filter((b) => b.plan === plan);
    const payingRows = onPlan.filter((b) => paid.has(b.id));
    return {
      plan,
      name: plans[plan].name,
      price: plans[plan].backOfficeMonthlyPrice,
      businesses: onPlan.length,
      paying: payingRows.length,
      percentOfTotal: total ? round((onPlan.length / total) * 100, 1) : 0,
      monthlyRevenue: round(payingRows.reduce((sum, b) => sum + paid.get(b.id)!, 0), 2),
    };
  });
}

/**
 * Trial-to-paid: of the businesses that had a trial and either pay or whose trial is over, the share that pays; null
 * without any. A business the operator created as paying, with no trial, is not a conversion.
 */
export function trialConversion(businesses: BusinessRow[], now: Date, paid: ReadonlyMap<string, number>): { rate: number; converted: number; eligible: number } | null {
  const eligible = businesses.filter((b) => b.trialEndsAt !== null && (paid.has(b.id) || b.trialEndsAt <= now));
  if (eligible.length === 0) return null;
  const converted = eligible.filter((b) => paid.has(b.id)).length;
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
  /** Active businesses without a paid subscription (a plan the operator gave, an unpaid renewal). */
  unpaidBusinesses: number;
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
  const paid = paidSubscriptions(data.payments, now);
  const active = businesses.filter((b) => paid.has(b.id));
  const monthly = sumMonthly(paid);
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
    unpaidBusinesses: unpaidBusinesses(businesses, paid),
    suspendedBusinesses: businesses.filter((b) => b.status === 'suspended').length,
    portals: {
      available: data.portalsAvailable,
      total: data.totalPortals,
      averagePerActiveBusiness: active.length ? round(data.totalPortals / active.length, 1) : null,
    },
    revenue: { monthly, perClient: active.length ? round(monthly / active.length, 2) : null, payingBusinesses: active.length },
    plans: planDistribution(businesses, paid),
    metrics: {
      signupsThisMonth: thisMonth,
      signupsLastMonth: lastMonth,
      signupChangePercent: lastMonth === 0 ? null : percentChange(thisMonth, lastMonth),
      conversion: trialConversion(businesses, now, paid),
      activeLast30Days: total ? { count: owners30.size, percent: round((owners30.size / total) * 100, 1) } : null,
    },
  };
}

// ---- Analytics ----

export interface DayFigures {
  date: string;
  signups: number;
  /** Money received that day (the invoices paid). */
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
      // Paid subscriptions as the day ended (today: now).
      const paid = paidSubscriptions(data.payments, date === today ? data.now : new Date(end.getTime() - 1));
      totalBusinesses = existing.length;
      paying = existing.filter((b) => paid.has(b.id)).length;
      mrr = sumMonthly(paid);
      // Without creation times (no portals yet, or a table without them) the current total is the best figure.
      portals = date !== today && data.portalTimes.length ? data.portalTimes.filter((p) => p < end).length : data.totalPortals;
    }
    const startCount = businessesAt(data, start);
    const churned = churns.filter((c) => c >= start && c < end).length;
    out.push({
      date,
      signups: signups.filter((s) => s >= start && s < end).length,
      revenue: receivedBetween(data.payments, start, end),
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
  const paid = paidSubscriptions(data.payments, to < data.now ? new Date(to.getTime() - 1) : data.now);
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
    conversionRate: cohort.length ? round((cohort.filter((b) => paid.has(b.id)).length / cohort.length) * 100, 1) : null,
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
  const paid = paidSubscriptions(data.payments, data.now);
  const plansRows = planDistribution(data.businesses, paid);
  const paying = data.businesses.filter((b) => paid.has(b.id));
  const mrr = sumMonthly(paid);
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
      converted: cohort.filter((b) => paid.has(b.id)).length,
      inTrial: cohort.filter((b) => b.status === 'trial').length,
      rate: current.conversionRate,
      overall: trialConversion(data.businesses, data.now, paid),
    },
    portalsAvailable: data.portalsAvailable,
  };
}

/** Start of the data an analytics period needs (the period before it included). */
export function analyticsSince(now: Date, days: AnalyticsPeriod): Date {
  return new Date(startOfUtcDay(now).getTime() - (2 * days - 1) * DAY);
}
