import { describe, expect, it } from 'vitest';
import { defaultPortalConfig } from './portal-config';
import { brandingForPlan, firstPlanWith, lockedBrandingChanges, planAllows, planAnalyticsAtLeast, planFeatureMessage, planHas, type PlanFeature } from './plan-features';

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

  it.each([
    ['customBranding', [false, true, true, true]],
    ['analytics', [false, true, true, true]],
    ['fullAnalytics', [false, false, true, true]],
    ['api', [false, false, true, true]],
    ['managedClients', [false, false, true, true]],
  ] as const)('planAllows(%s) per plan', (feature: PlanFeature, expected) => {
    expect((['starter', 'professional', 'business', 'enterprise'] as const).map((p) => planAllows(p, feature))).toEqual(expected);
  });

  it('offers the first plan that has the feature, in a sentence', () => {
    expect(firstPlanWith('api')).toBe('business');
    expect(firstPlanWith('customBranding')).toBe('professional');
    expect(firstPlanWith('fullAnalytics')).toBe('business');
    expect(planFeatureMessage('customDomain')).toBe('Custom domains are part of the Business plan and above. Upgrade on the Billing page to use them.');
    expect(planFeatureMessage('analytics')).toBe('Portal analytics are part of the Professional plan and above. Upgrade on the Billing page to use them.');
    expect(planFeatureMessage('managedClients')).toBe(
      'Keeping your client list in StatusLink (adding, editing and deleting clients here or through the API) is part of the Business plan and above. Upgrade on the Billing page to use it.',
    );
    expect(planFeatureMessage('api')).toBe('API access and webhooks is part of the Business plan and above. Upgrade on the Billing page to use it.');
  });
});

describe('branding by plan', () => {
  const defaults = defaultPortalConfig();
  const custom = { ...defaults, companyName: 'Harbour Tax', primaryColor: '#112233', logoUrl: 'https://x.example/l.png', title: 'Harbour status', welcomeMessage: 'Hello', backgroundColor: '#000000' };

  it('basic branding shows the defaults of the full-branding fields and keeps company name, logo and primary colour', () => {
    const shown = brandingForPlan('starter', custom, defaults);
    expect(shown).toMatchObject({ companyName: 'Harbour Tax', primaryColor: '#112233', logoUrl: 'https://x.example/l.png' });
    expect(shown).toMatchObject({ title: defaults.title, welcomeMessage: defaults.welcomeMessage, backgroundColor: defaults.backgroundColor });
    expect(custom.title).toBe('Harbour status');
    expect(brandingForPlan('professional', custom, defaults)).toBe(custom);
  });

  it.each([
    ['starter', { title: 'New title' }, ['title']],
    ['starter', { title: 'Harbour status' }, []],
    ['starter', { title: defaults.title }, []],
    ['starter', { primaryColor: '#445566', companyName: 'X' }, []],
    ['starter', { welcomeMessage: 'Hi', backgroundColor: '#FFFFFF' }, ['welcomeMessage', 'backgroundColor']],
    ['professional', { title: 'New title' }, []],
  ] as const)('%s changing %o locks %o', (plan, patch, locked) => {
    expect(lockedBrandingChanges(plan, custom, patch, defaults)).toEqual(locked);
  });
});
