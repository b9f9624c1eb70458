import { describe, expect, it } from 'vitest';
import { planChangeKind, whatDoesNotFit } from './plan-change';

const none = { portals: 0, customDomains: 0, activeApiKeys: 0, webhookEndpoints: 0 };

describe('planChangeKind', () => {
  it.each([
    ['starter monthly to business monthly', 'starter', 'monthly', 'business', 'monthly', 'upgrade'],
    ['business yearly to professional yearly', 'business', 'yearly', 'professional', 'yearly', 'downgrade'],
    ['professional monthly to professional yearly', 'professional', 'monthly', 'professional', 'yearly', 'upgrade'],
    ['professional yearly to professional monthly', 'professional', 'yearly', 'professional', 'monthly', 'downgrade'],
    ['professional yearly to business monthly (a bigger plan wins over the period)', 'professional', 'yearly', 'business', 'monthly', 'upgrade'],
    ['the same plan and period', 'starter', 'monthly', 'starter', 'monthly', 'same'],
  ] as const)('%s', (_, fromPlan, fromPeriod, toPlan, toPeriod, kind) => {
    expect(planChangeKind({ plan: fromPlan, period: fromPeriod }, { plan: toPlan, period: toPeriod })).toBe(kind);
  });
});

describe('whatDoesNotFit', () => {
  it('is empty when the use fits the plan', () => {
    expect(whatDoesNotFit('starter', { ...none, portals: 1 })).toEqual([]);
    expect(whatDoesNotFit('business', { portals: 40, customDomains: 2, activeApiKeys: 3, webhookEndpoints: 1 })).toEqual([]);
  });

  it('says what to remove first, one sentence per thing', () => {
    expect(whatDoesNotFit('starter', { portals: 3, customDomains: 1, activeApiKeys: 2, webhookEndpoints: 1 })).toEqual([
      'You have 3 portals and the Starter plan allows 1: delete 2 first.',
      '1 custom domain is set up and the Starter plan has none: remove it in the Portal Configurator first.',
      '2 API keys are active and the Starter plan has no API access: revoke them first.',
      '1 webhook endpoint is set up and the Starter plan has no webhooks: delete it first.',
    ]);
    expect(whatDoesNotFit('professional', { ...none, portals: 6 })).toEqual(['You have 6 portals and the Professional plan allows 5: delete 1 first.']);
  });
});
