import { describe, expect, it } from 'vitest';
import { analyticsFigures, paidSubscriptions, receivedBetween, trialConversion } from './metrics';
import type { BusinessRow, PaymentRow, PlatformData } from './platform-data';

const now = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
let n = 0;
const business = (status: string, createdDaysAgo: number, trialEndsInDays: number | null): BusinessRow => ({
  id: `b${(n += 1)}`,
  userId: `u${n}`,
  plan: 'starter',
  status,
  createdAt: new Date(now.getTime() - createdDaysAgo * DAY),
  trialEndsAt: trialEndsInDays === null ? null : new Date(now.getTime() + trialEndsInDays * DAY),
});
/** A paid invoice of `amount` dollars for the days from `fromDays` to `toDays` (from now), paid on the first. */
const payment = (business: BusinessRow, amount: number, fromDays: number, toDays: number): PaymentRow => ({
  businessId: business.id,
  amount,
  paidAt: new Date(now.getTime() + fromDays * DAY),
  periodStart: new Date(now.getTime() + fromDays * DAY),
  periodEnd: new Date(now.getTime() + toDays * DAY),
});
const payingNow = (...rows: BusinessRow[]) => new Map(rows.map((b) => [b.id, 29]));
const data = (businesses: BusinessRow[], events: PlatformData['events'] = [], payments: PaymentRow[] = []): PlatformData => ({
  now,
  businesses,
  events,
  payments,
  snapshots: [],
  portalsAvailable: true,
  totalPortals: 0,
  portalTimes: [],
});

describe('trialConversion', () => {
  it('counts businesses that had a trial: paying ones, and those whose trial is over', () => {
    const rows = [business('active', 30, -10), business('trial', 20, -1), business('active', 5, 9), business('trial', 3, 11)];
    expect(trialConversion(rows, now, payingNow(rows[0]!, rows[2]!))).toEqual({ rate: 66.7, converted: 2, eligible: 3 });
  });

  it('does not count a business the operator created as paying (it had no trial)', () => {
    const given = business('active', 5, null);
    expect(trialConversion([given], now, payingNow(given))).toBeNull();
    expect(trialConversion([given, business('trial', 20, -1)], now, payingNow(given))).toEqual({ rate: 0, converted: 0, eligible: 1 });
  });
});

describe('analyticsFigures', () => {
  it('has no churn rate when no business existed at the start of the period, and counts the cohort it converts over', () => {
    const fresh = [business('active', 2, 12), business('trial', 1, 13)];
    const a = analyticsFigures(data(fresh, [], [payment(fresh[0]!, 29, -1, 29)]), 7);
    expect(a.current.churnRate).toBeNull();
    expect(a.conversion).toMatchObject({ signups: 2, converted: 1, inTrial: 1, rate: 50 });
  });
});

describe('businesses lost', () => {
  const status = (businessId: string, from: string, to: string, hoursAgo: number) => ({
    type: 'admin.business_status_changed',
    actorUserId: 'op',
    businessId,
    detail: { from, to },
    createdAt: new Date(now.getTime() - hoursAgo * 3_600_000),
  });

  it('counts a suspension that lasts, not one that was reactivated', () => {
    const rows = [business('trial', 30, 5), business('suspended', 30, null), business('active', 30, null)];
    const [back, gone, other] = rows;
    const events = [status(back!.id, 'trial', 'suspended', 5), status(back!.id, 'suspended', 'trial', 2), status(gone!.id, 'active', 'suspended', 3), status(other!.id, 'trial', 'active', 1)];
    const a = analyticsFigures(data(rows, events), 7);
    expect(a.current.churned).toBe(1);
  });
});

describe('paid subscriptions (issue 21 item 6): revenue from the invoices Stripe reported', () => {
  it('a business pays while a paid invoice covers the time: a monthly one its amount, a yearly one a twelfth', () => {
    const [monthly, yearly, lapsed, given] = [business('active', 40, null), business('active', 40, null), business('active', 40, null), business('active', 40, null)];
    const payments = [payment(monthly!, 49, -5, 25), payment(yearly!, 278.4, -100, 265), payment(lapsed!, 49, -40, -10)];
    const paid = paidSubscriptions(payments, now);
    expect([...paid]).toEqual([
      [monthly!.id, 49],
      [yearly!.id, 23.2],
    ]);
    expect(paid.has(given!.id)).toBe(false);
    // Thirty-five days ago the lapsed one paid and the monthly one had not started.
    expect([...paidSubscriptions(payments, new Date(now.getTime() - 35 * DAY)).keys()]).toEqual([yearly!.id, lapsed!.id]);
  });

  it('the latest invoice covering the time sets what a business pays (an upgrade mid-period)', () => {
    const b = business('active', 40, null);
    expect(paidSubscriptions([payment(b, 29, -20, 10), payment(b, 199, -3, 27)], now).get(b.id)).toBe(199);
  });

  it('revenue is the money received in the period, and the dashboard counts given and unpaid plans apart', () => {
    const [a, b, c] = [business('active', 40, null), business('active', 40, null), business('trial', 3, 11)];
    const payments = [payment(a!, 49, -5, 25), payment(b!, 278.4, -100, 265)];
    expect(receivedBetween(payments, new Date(now.getTime() - 7 * DAY), now)).toBe(49);
    expect(receivedBetween(payments, new Date(now.getTime() - 365 * DAY), now)).toBe(327.4);
    const figures = analyticsFigures(data([a!, b!, c!], [], payments), 7);
    expect(figures.current).toMatchObject({ mrr: 72.2, activeBusinesses: 2, revenue: 49 });
  });
});
