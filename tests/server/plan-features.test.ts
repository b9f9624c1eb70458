import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultPortalConfig } from '@core/portal-config';
import { businessProfiles } from '../../src/server/db/schema';
import { liftBusinessApiLimits, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';
import { businessIdOf } from './admin-support';
import { portalWithClients, publicConfig } from './portal-helpers';

// Issue 17 item 4 (D12): plans give what the pricing page says, enforced by the server. Starter: basic branding
// (company name, logo, primary colour), no analytics; Professional: full branding, basic analytics; Business and
// Enterprise: everything, white-label included. A downgrade keeps what was saved and stops showing it.

const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});

const defaults = defaultPortalConfig();
const patch = (owner: { cookie: string; portalId: string }, config: Record<string, unknown>) =>
  request(t.app, 'PATCH', `/api/v1/portals/${owner.portalId}`, owner.cookie, { config });
const analytics = (owner: { cookie: string; portalId: string }) => request(t.app, 'GET', `/api/v1/portals/${owner.portalId}/analytics?days=30`, owner.cookie);

async function setPlan(owner: { user: { id: string } }, plan: string) {
  const id = await businessIdOf(t, owner.user.id);
  await t.app.ctx.db.update(businessProfiles).set({ plan }).where(eq(businessProfiles.id, id));
  t.app.ctx.portalMeta.businessChanged(id);
}

describe('branding by plan', () => {
  it('Starter changes company name, logo and primary colour; anything more answers 403 plan_feature with the upgrade', async () => {
    const owner = await portalWithClients(t.app, { plan: 'starter' });
    const basic = await patch(owner, { companyName: 'Harbour Tax', primaryColor: '#0F766E', logoUrl: 'https://cdn.example/logo.png' });
    expect(basic.statusCode).toBe(200);

    const refused = await patch(owner, { title: 'Harbour status', primaryColor: '#111111' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 'plan_feature',
        message: 'Custom branding (portal title, messages and colours) is part of the Professional plan and above. Upgrade on the Billing page to use it.',
      },
    });
    // Nothing of the refused change was written.
    const stored = (await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}`, owner.cookie)).json();
    expect(stored.config).toMatchObject({ primaryColor: '#0F766E', title: defaults.title });

    // The configurator sends its whole form: unchanged full-branding fields pass.
    const whole = await patch(owner, { ...stored.config, contactEmail: 'desk@harbour.example' });
    expect(whole.statusCode).toBe(200);
  });

  it('Professional sets everything; after a downgrade to Starter the portal shows the defaults, the data stays, an upgrade brings it back', async () => {
    const owner = await portalWithClients(t.app, { plan: 'professional' });
    const custom = { title: 'Harbour status', welcomeMessage: 'Hello from Harbour', customMessage: 'Back Monday', backgroundColor: '#101820', primaryColor: '#0F766E' };
    expect((await patch(owner, custom)).statusCode).toBe(200);
    expect((await publicConfig(t.app, owner.portalId)).json().portal).toMatchObject(custom);

    await setPlan(owner, 'starter');
    const shown = (await publicConfig(t.app, owner.portalId)).json().portal;
    expect(shown).toMatchObject({ title: defaults.title, welcomeMessage: defaults.welcomeMessage, customMessage: defaults.customMessage, backgroundColor: defaults.backgroundColor });
    expect(shown.primaryColor).toBe('#0F766E');
    const kept = (await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}`, owner.cookie)).json().config;
    expect(kept).toMatchObject(custom);
    // Putting a field back to its default is allowed on Starter; setting a new value is not.
    expect((await patch(owner, { welcomeMessage: defaults.welcomeMessage })).statusCode).toBe(200);
    expect((await patch(owner, { customMessage: 'Closed Friday' })).statusCode).toBe(403);

    await setPlan(owner, 'professional');
    expect((await publicConfig(t.app, owner.portalId)).json().portal).toMatchObject({ title: 'Harbour status', backgroundColor: '#101820' });
  });
});

describe('"Powered by" the platform', () => {
  it('links the platform name on plans without white-label, not on Business or Enterprise', async () => {
    for (const plan of ['starter', 'professional']) {
      const owner = await portalWithClients(t.app, { plan });
      expect((await publicConfig(t.app, owner.portalId)).json().portal.poweredBy).toEqual({ name: 'StatusLink', url: `${t.env.APP_URL}/` });
    }
    const business = await portalWithClients(t.app, { plan: 'business' });
    expect((await publicConfig(t.app, business.portalId)).json().portal.poweredBy).toBeNull();
    await setPlan(business, 'enterprise');
    expect((await publicConfig(t.app, business.portalId)).json().portal.poweredBy).toBeNull();
    // A downgrade from white-label shows the link again.
    await setPlan(business, 'professional');
    expect((await publicConfig(t.app, business.portalId)).json().portal.poweredBy).toMatchObject({ name: 'StatusLink' });
  });
});

describe('analytics by plan', () => {
  it('Starter: 403 plan_feature naming Professional', async () => {
    const owner = await portalWithClients(t.app, { plan: 'starter' });
    const res = await analytics(owner);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'plan_feature',
      message: 'Portal analytics are part of the Professional plan and above. Upgrade on the Billing page to use them.',
    });
  });

  it('Professional: totals and status breakdown only; Business: everything', async () => {
    const owner = await portalWithClients(t.app, { plan: 'professional' });
    const basic = (await analytics(owner)).json();
    expect(basic).toMatchObject({ level: 'basic', newClients: null, avgDaysToComplete: null, lookups: null });
    expect(basic.totalClients).toBeGreaterThan(0);
    expect(basic.statusBreakdown.length).toBeGreaterThan(0);

    await setPlan(owner, 'business');
    const full = (await analytics(owner)).json();
    expect(full).toMatchObject({ level: 'full', totalClients: basic.totalClients, newClients: basic.totalClients });
    expect(full.lookups.days).toHaveLength(30);
  });

  it("another business's portal is not found, whatever the plan", async () => {
    const owner = await portalWithClients(t.app, { plan: 'business' });
    const other = await portalWithClients(t.app, { plan: 'starter' });
    expect((await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}/analytics`, other.cookie)).statusCode).toBe(404);
    expect((await request(t.app, 'PATCH', `/api/v1/portals/${owner.portalId}`, other.cookie, { config: { title: 'x' } })).statusCode).toBe(404);
  });
});
