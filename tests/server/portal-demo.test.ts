import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles, clients, portals } from '../../src/server/db/schema';
import { DEMO_ACCESS_TOKEN, DEMO_BUSINESS_ID, DEMO_OWNER_EMAIL, demoSamples } from '../../src/server/db/seed/demo-business';
import { demoCsv, seedDemo } from '../../src/server/db/seed/seed-demo';
import { useTestApp, postJson } from '../support/test-app';
import { lookup, publicConfig } from './portal-helpers';

const t = useTestApp();
beforeAll(async () => {
  expect(await seedDemo({ database: t.app.ctx.database, env: t.env, logger: t.app.ctx.logger })).toBe('seeded');
});

describe('the demo portal (issue 5, item 6)', () => {
  it('is seeded once through the real import, with positions and estimates computed', async () => {
    expect(await seedDemo({ database: t.app.ctx.database, env: t.env, logger: t.app.ctx.logger })).toBe('present');
    const rows = await t.app.ctx.db.select().from(clients).where(eq(clients.portalId, 'demo'));
    expect(rows).toHaveLength(12);
    const queued = rows.filter((r) => r.queueState === 'queued');
    expect(queued.map((r) => r.queuePosition).sort((a, b) => a! - b!)).toEqual(queued.map((_, i) => i + 1));
    expect(queued.every((r) => r.estimatedCompletion !== null)).toBe(true);
    const [portal] = await t.app.ctx.db.select().from(portals).where(eq(portals.id, 'demo'));
    expect(portal!.lastSyncedAt).not.toBeNull();
  });

  it('tells visitors what to try, and every sample finds a project', async () => {
    const cfg = (await publicConfig(t.app, 'demo')).json();
    expect(cfg).toMatchObject({ state: 'ready', portal: { companyName: 'Harbor Tax & Accounting' }, demo: { samples: demoSamples } });
    expect(cfg.demo.accessLink.path).toBe(`/portal/demo?t=${DEMO_ACCESS_TOKEN}`);
    for (const sample of demoSamples) expect((await lookup(t.app, 'demo', { query: sample.query })).statusCode, sample.query).toBe(200);
    const linked = await lookup(t.app, 'demo', { token: DEMO_ACCESS_TOKEN });
    expect(linked.json()).toMatchObject({ verified: true, client: { name: 'Robert Chen' } });
  });

  it('shows the code instead of e-mailing it (its clients are made up)', async () => {
    const before = t.mails.length;
    const res = await lookup(t.app, 'demo', { query: 'maria.gonzalez@example.com', verify: true });
    expect(res.statusCode).toBe(202);
    const code = res.json().demoCode as string;
    expect(code).toMatch(/^\d{6}$/);
    expect((await lookup(t.app, 'demo', { query: 'maria.gonzalez@example.com', verify: true, code })).json().verified).toBe(true);
    expect(t.mails.length).toBe(before);
  });

  it('cannot sign in, and no revenue or trial e-mail counts it', async () => {
    const res = await postJson(t.app, '/api/auth/sign-in/email', { email: DEMO_OWNER_EMAIL, password: 'anything-at-all-1' });
    expect([401, 403]).toContain(res.statusCode);
    const [business] = await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.id, DEMO_BUSINESS_ID));
    expect(business).toMatchObject({ status: 'trial', trialEndsAt: null, plan: 'enterprise' });
  });

  it('moves the sample dates to sit around the day it is seeded', () => {
    expect(demoCsv('2026-11-25')).toContain('2026-12-15');
    expect(demoCsv('2026-11-26')).toContain('2026-12-16');
    expect(demoCsv('2027-11-25')).toContain('2027-12-15');
  });
});
