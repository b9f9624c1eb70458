import { describe, expect, it } from 'vitest';
import { analyticsFigures, trialConversion } from './metrics';
import type { BusinessRow, PlatformData } from './platform-data';

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
const data = (businesses: BusinessRow[], events: PlatformData['events'] = []): PlatformData => ({
  now,
  businesses,
  events,
  snapshots: [],
  portalsAvailable: true,
  totalPortals: 0,
  portalTimes: [],
});

describe('trialConversion', () => {
  it('counts businesses that had a trial: paying ones, and those whose trial is over', () => {
    const rows = [business('active', 30, -10), business('trial', 20, -1), business('active', 5, 9), business('trial', 3, 11)];
    expect(trialConversion(rows, now)).toEqual({ rate: 66.7, converted: 2, eligible: 3 });
  });

  it('does not count a business the operator created as paying (it had no trial)', () => {
    expect(trialConversion([business('active', 5, null)], now)).toBeNull();
    expect(trialConversion([business('active', 5, null), business('trial', 20, -1)], now)).toEqual({ rate: 0, converted: 0, eligible: 1 });
  });
});

describe('analyticsFigures', () => {
  it('has no churn rate when no business existed at the start of the period, and counts the cohort it converts over', () => {
    const fresh = [business('active', 2, 12), business('trial', 1, 13)];
    const a = analyticsFigures(data(fresh), 7);
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
