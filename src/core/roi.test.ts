import { describe, expect, it } from 'vitest';
import {
  calculateRoi,
  clampRoiValue,
  monthlySearches,
  paybackLabel,
  roiDefaults,
  roiInputSchema,
  roiPlanCost,
  roiRanges,
  suggestPlan,
} from './roi';

describe('ROI defaults and ranges (spec 9)', () => {
  it('has every default', () => {
    expect(roiDefaults).toEqual({
      hourlyCost: 30,
      teamSize: 3,
      activeClients: 25,
      updatesPerClient: 10,
      minutesPerUpdate: 5,
      reductionPercent: 70,
      annualBilling: true,
    });
    expect(roiInputSchema.parse({})).toEqual(roiDefaults);
  });

  it('has every range', () => {
    expect(roiRanges.hourlyCost).toMatchObject({ min: 15, max: 100 });
    expect(roiRanges.teamSize).toMatchObject({ min: 1, max: 500, slider: { min: 1, max: 50 } });
    expect(roiRanges.activeClients).toMatchObject({ min: 5, max: 5000, slider: { min: 5, max: 500 } });
    expect(roiRanges.updatesPerClient).toMatchObject({ min: 1, max: 30 });
    expect(roiRanges.minutesPerUpdate).toMatchObject({ min: 1, max: 15 });
    expect(roiRanges.reductionPercent).toMatchObject({ min: 50, max: 90 });
  });

  it.each([
    [{ hourlyCost: 14 }, false],
    [{ hourlyCost: 101 }, false],
    [{ teamSize: 500 }, true],
    [{ teamSize: 501 }, false],
    [{ activeClients: 4 }, false],
    [{ activeClients: 5000 }, true],
    [{ updatesPerClient: 31 }, false],
    [{ minutesPerUpdate: 0 }, false],
    [{ reductionPercent: 91 }, false],
    [{ plan: 'enterprise' }, true],
  ])('%j valid = %s', (input, ok) => {
    expect(roiInputSchema.safeParse(input).success).toBe(ok);
  });

  it.each([
    ['teamSize', 0, 1],
    ['teamSize', 9999, 500],
    ['activeClients', 1, 5],
    ['hourlyCost', Number.NaN, 30],
    ['reductionPercent', 75, 75],
  ] as const)('clamp %s %s -> %s', (field, value, expected) => {
    expect(clampRoiValue(field, value)).toBe(expected);
  });
});

describe('ROI rules', () => {
  it.each([
    [25, 10, 200],
    [5, 1, 4],
    [5000, 30, 120000],
    [3, 1, 2], // 2.4
    [5, 3, 12],
    [7, 1, 6], // 5.6
  ])('monthlySearches(%i, %i) = %i', (clients, updates, expected) => {
    expect(monthlySearches(clients, updates)).toBe(expected);
  });

  it.each([
    [0, 'starter'],
    [500, 'starter'],
    [501, 'professional'],
    [2500, 'professional'],
    [2501, 'business'],
    [100000, 'business'],
  ])('suggestPlan(%i) = %s', (searches, plan) => {
    expect(suggestPlan(searches)).toBe(plan);
  });

  it.each([
    ['starter', 200, false, 29],
    ['starter', 200, true, 23.2],
    ['professional', 200, true, 63.2],
    ['business', 200, false, 199],
    ['enterprise', 20000, true, 299],
    ['enterprise', 20001, true, 499],
    ['enterprise', 20001, false, 499],
  ] as const)('roiPlanCost(%s, %i, annual %s) = %s', (plan, searches, annual, cost) => {
    expect(roiPlanCost(plan, searches, annual)).toBe(cost);
  });

  it.each([
    [0.02, 'Less than 1 month'],
    [0.999, 'Less than 1 month'],
    [1, '1.0 months'],
    [2.345, '2.3 months'],
  ])('paybackLabel(%s) = %s', (months, label) => {
    expect(paybackLabel(months)).toBe(label);
  });
});

describe('calculateRoi', () => {
  it('computes the defaults', () => {
    const r = calculateRoi();
    expect(r.monthlySearches).toBe(200);
    expect(r.suggestedPlan).toBe('starter');
    expect(r.plan).toBe('starter');
    expect(r.showEnterpriseOption).toBe(false);
    expect(r.exceedsPlanCapacity).toBe(false);
    expect(r.warning).toBeNull();
    expect(r.monthly.hoursSpent).toBeCloseTo(62.5); // 25 x 10 x 5 / 60 x 3
    expect(r.monthly.hoursSaved).toBeCloseTo(43.75);
    expect(r.monthly.costSaved).toBeCloseTo(1312.5);
    expect(r.monthly.planCost).toBeCloseTo(23.2);
    expect(r.monthly.netSavings).toBeCloseTo(1289.3);
    expect(r.annual.costSaved).toBeCloseTo(15750);
    expect(r.annual.planCost).toBeCloseTo(278.4);
    expect(r.roiPercent).toBeCloseTo(((1312.5 - 23.2) / 23.2) * 100);
    expect(r.paybackMonths).toBeCloseTo(23.2 / 1312.5);
    expect(r.paybackLabel).toBe('Less than 1 month');
  });

  it('warns when the chosen plan is too small', () => {
    const r = calculateRoi({ activeClients: 100, updatesPerClient: 10, plan: 'starter' });
    expect(r.monthlySearches).toBe(800);
    expect(r.suggestedPlan).toBe('professional');
    expect(r.exceedsPlanCapacity).toBe(true);
    expect(r.warning).toBe("Your estimated 800 monthly searches exceed the Starter plan's 500 searches.");
  });

  it('offers enterprise above 10,000 searches and prices it', () => {
    const big = calculateRoi({ activeClients: 1000, updatesPerClient: 13 });
    expect(big.monthlySearches).toBe(10400);
    expect(big.showEnterpriseOption).toBe(true);
    expect(big.suggestedPlan).toBe('business');
    expect(big.exceedsPlanCapacity).toBe(true);
    const ent = calculateRoi({ activeClients: 1000, updatesPerClient: 30, plan: 'enterprise' });
    expect(ent.monthlySearches).toBe(24000);
    expect(ent.monthly.planCost).toBe(499);
    expect(ent.exceedsPlanCapacity).toBe(false);
    expect(ent.planCapacity).toBeNull();
    expect(calculateRoi({ activeClients: 1000, updatesPerClient: 13, plan: 'enterprise' }).monthly.planCost).toBe(299);
  });

  it('10,000 exactly shows no enterprise option', () => {
    expect(calculateRoi({ activeClients: 1250, updatesPerClient: 10 }).showEnterpriseOption).toBe(false);
  });

  it('payback of a month or more is written in months', () => {
    const r = calculateRoi({ activeClients: 5, updatesPerClient: 1, minutesPerUpdate: 1, teamSize: 1, hourlyCost: 15, reductionPercent: 50, annualBilling: false, plan: 'business' });
    expect(r.monthly.costSaved).toBeCloseTo(0.625);
    expect(r.paybackMonths).toBeCloseTo(318.4);
    expect(r.paybackLabel).toBe('318.4 months');
    expect(r.roiPercent).toBeLessThan(0);
  });
});
