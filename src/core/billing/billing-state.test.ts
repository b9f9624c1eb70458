import { describe, expect, it } from 'vitest';
import { billingStanding, daysLeft, parsePriceLookupKey, priceInCents, priceLookupKey } from './billing-state';

const now = new Date('2026-11-26T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const facts = (over: Partial<Parameters<typeof billingStanding>[0]> = {}) => ({ status: 'trial', trialEndsAt: days(3), subscriptionStatus: null, graceEndsAt: null, ...over });

describe('billingStanding', () => {
  it.each([
    ['a running trial', facts(), 'trial', true],
    ['a trial ended 2 days ago (in the 7-day grace)', facts({ trialEndsAt: days(-2) }), 'trial_ended', true],
    ['a trial ended 8 days ago (grace over)', facts({ trialEndsAt: days(-8) }), 'lapsed', false],
    ['a paid subscription', facts({ status: 'active', subscriptionStatus: 'active' }), 'paying', true],
    ['a paid subscription after the trial ended long ago', facts({ trialEndsAt: days(-30), subscriptionStatus: 'active' }), 'paying', true],
    ['a failed renewal in its grace', facts({ status: 'active', subscriptionStatus: 'past_due', graceEndsAt: days(1) }), 'past_due', true],
    ['a failed renewal past its grace', facts({ status: 'active', subscriptionStatus: 'past_due', graceEndsAt: days(-1) }), 'lapsed', false],
    ['a cancelled subscription in its grace', facts({ status: 'active', subscriptionStatus: 'canceled', graceEndsAt: days(5) }), 'cancelled', true],
    ['a plan the operator assigned', facts({ status: 'active', trialEndsAt: null }), 'assigned', true],
    ['a suspended business', facts({ status: 'suspended', subscriptionStatus: 'active' }), 'suspended', false],
  ] as const)('%s', (_, given, state, portalsOpen) => {
    const standing = billingStanding(given, now, 7);
    expect(standing.state).toBe(state);
    expect(standing.portalsOpen).toBe(portalsOpen);
  });

  it('ends the grace after a trial the given number of days after the trial', () => {
    expect(billingStanding(facts({ trialEndsAt: days(-2) }), now, 3).graceEndsAt).toEqual(days(1));
    expect(billingStanding(facts({ trialEndsAt: days(-2) }), now, 1).portalsOpen).toBe(false);
  });
});

describe('prices', () => {
  it('names each plan and period by a lookup key, and reads it back', () => {
    expect(priceLookupKey('business', 'yearly')).toBe('statuslink_business_yearly');
    expect(parsePriceLookupKey('statuslink_business_yearly')).toEqual({ plan: 'business', period: 'yearly' });
    expect(parsePriceLookupKey('someone_elses_price')).toBeNull();
  });

  it('charges yearly 12 months less 20 %, in cents', () => {
    expect(priceInCents(79, 'monthly', 0.2)).toBe(7900);
    expect(priceInCents(79, 'yearly', 0.2)).toBe(75800);
  });

  it('counts days left rounded up', () => {
    expect(daysLeft(days(1.2), now)).toBe(2);
    expect(daysLeft(days(-1), now)).toBe(0);
  });
});
