import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLAN_ID,
  DEFAULT_TRIAL_DAYS,
  canAddPortal,
  getPlan,
  isPlanId,
  isSignupPlanId,
  planIds,
  plans,
  searchUsageLevel,
  signupPlanIds,
  yearlyMonthlyPrice,
  yearlyPrice,
} from './plans';

describe('plans', () => {
  it.each([
    ['starter', 'Starter', 29, 29, 500, 1, 278],
    ['professional', 'Professional', 79, 79, 2500, 5, 758],
    ['business', 'Business', 199, 199, 10000, null, 1910],
    ['enterprise', 'Enterprise', null, 1997, null, null, null],
  ] as const)('%s: name, prices, searches, portals, yearly', (id, name, monthly, backOffice, searches, portals, yearly) => {
    const plan = getPlan(id);
    expect(plan.id).toBe(id);
    expect(plan.name).toBe(name);
    expect(plan.monthlyPrice).toBe(monthly);
    expect(plan.backOfficeMonthlyPrice).toBe(backOffice);
    expect(plan.searchesPerMonth).toBe(searches);
    expect(plan.portals).toBe(portals);
    expect(yearlyPrice(plan)).toBe(yearly);
    expect(plan.description).not.toBe('');
  });

  it('lists ids in order and keeps enterprise out of sign-up', () => {
    expect(planIds).toEqual(['starter', 'professional', 'business', 'enterprise']);
    expect(signupPlanIds).toEqual(['starter', 'professional', 'business']);
    expect(Object.keys(plans)).toEqual([...planIds]);
    expect(DEFAULT_PLAN_ID).toBe('starter');
    expect(DEFAULT_TRIAL_DAYS).toBe(14);
  });

  it.each([
    ['starter', true, true],
    ['enterprise', true, false],
    ['gold', false, false],
    [3, false, false],
  ])('isPlanId(%s)', (value, plan, signup) => {
    expect(isPlanId(value)).toBe(plan);
    expect(isSignupPlanId(value)).toBe(signup);
  });

  it('yearly monthly price is 80% of monthly', () => {
    expect(yearlyMonthlyPrice(plans.starter)).toBeCloseTo(23.2);
    expect(yearlyMonthlyPrice(plans.enterprise)).toBeNull();
  });

  it.each([
    ['starter', 0, true],
    ['starter', 1, false],
    ['professional', 4, true],
    ['professional', 5, false],
    ['business', 1000, true],
  ] as const)('canAddPortal(%s, %i) = %s', (id, count, expected) => {
    expect(canAddPortal(plans[id], count)).toBe(expected);
  });

  it.each([
    ['starter', 0, 'ok'],
    ['starter', 399, 'ok'],
    ['starter', 400, 'warning'],
    ['starter', 499, 'warning'],
    ['starter', 500, 'exceeded'],
    ['enterprise', 1e9, 'ok'],
  ] as const)('searchUsageLevel(%s, %i) = %s', (id, used, expected) => {
    expect(searchUsageLevel(plans[id], used)).toBe(expected);
  });
});
