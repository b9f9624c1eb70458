import { describe, expect, it } from 'vitest';
import { planComparison, planHighlights, upgradeAdds } from './plan-comparison';
import { planAllows } from './plan-features';
import { planIds } from './plans';

describe('the comparison table', () => {
  const rows = planComparison();
  const row = (id: string) => rows.find((r) => r.id === id)!;

  it('API access and webhooks on Business and Enterprise (D12), shipped; custom domains and SMS shipped: nothing marked coming soon', () => {
    expect(row('api').cells).toEqual({ starter: false, professional: false, business: true, enterprise: true });
    expect(row('api').feature).toBe('API access and webhooks');
    expect(row('customDomain').feature).toBe('Custom domain with SSL');
    expect(row('sms').feature).toBe('SMS for urgent updates');
    expect(row('sms').cells).toEqual({ starter: false, professional: false, business: true, enterprise: true });
    expect(rows.filter((r) => /coming soon/.test(r.feature))).toEqual([]);
    expect(row('customDomain').cells.professional).toBe(false);
  });

  it('says what the guards enforce: every gated row matches planAllows', () => {
    for (const r of rows.filter((x) => x.gate)) {
      for (const p of planIds) expect(Boolean(r.cells[p]), `${r.id} ${p}`).toBe(planAllows(p, r.gate!));
    }
  });

  it('limits and levels as text', () => {
    expect(row('portals').cells).toEqual({ starter: '1', professional: 'Up to 5', business: 'Unlimited', enterprise: 'Unlimited' });
    expect(row('searches').cells).toEqual({ starter: '500', professional: '2,500', business: '10,000', enterprise: 'Unlimited' });
    expect(row('analytics').cells).toEqual({ starter: false, professional: 'Basic', business: true, enterprise: true });
  });

  it('what an upgrade adds, and nothing for a downgrade', () => {
    expect(upgradeAdds('starter', 'professional')).toEqual([
      'Up to 5 client portals',
      '2,500 searches per month',
      'Custom title, messages and colours',
      'Basic portal analytics (totals and status breakdown)',
    ]);
    expect(upgradeAdds('professional', 'business')).toContain('White-label (no StatusLink branding)');
    expect(upgradeAdds('professional', 'business')).toContain('Full portal analytics');
    expect(upgradeAdds('business', 'starter')).toEqual([]);
  });

  it('plan cards list their limits and what each adds over the one before', () => {
    expect(planHighlights('starter')).toEqual([
      '1 client portal',
      '500 searches per month',
      'Unlimited status lookups',
      'Company name, logo and primary colour',
      'E-mail verification for private portals',
    ]);
    expect(planHighlights('business').slice(0, 2)).toEqual(['Unlimited client portals', '10,000 searches per month']);
    expect(planHighlights('business')).toContain('API access and webhooks');
    expect(planHighlights('enterprise')).toEqual(['Unlimited client portals', 'Unlimited searches', 'Dedicated cloud or self-hosted licence']);
  });
});
