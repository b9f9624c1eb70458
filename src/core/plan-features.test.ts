import { describe, expect, it } from 'vitest';
import { firstPlanWith, planAnalyticsAtLeast, planFeatureMessage, planHas } from './plan-features';

describe('plan features (the pricing table as a contract)', () => {
  it.each([
    ['starter', false],
    ['professional', false],
    ['business', true],
    ['enterprise', true],
  ] as const)('%s: white-label, custom domain, API and SMS %s', (plan, included) => {
    for (const feature of ['whiteLabel', 'customDomain', 'api', 'sms'] as const) expect(planHas(plan, feature)).toBe(included);
  });

  it('analytics by level', () => {
    expect(planAnalyticsAtLeast('starter', 'basic')).toBe(false);
    expect(planAnalyticsAtLeast('professional', 'basic')).toBe(true);
    expect(planAnalyticsAtLeast('professional', 'full')).toBe(false);
    expect(planAnalyticsAtLeast('business', 'full')).toBe(true);
  });

  it('offers the first plan that has the feature', () => {
    expect(firstPlanWith('api')).toBe('business');
    expect(planFeatureMessage('customDomain')).toBe('Custom domains are part of the Business plan and above. Upgrade on the Billing page to use them.');
  });
});
