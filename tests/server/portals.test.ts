import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { activityEvents, businessProfiles } from '../../src/server/db/schema';
import { businessWithPortal, liftBusinessApiLimits, request } from '../support/sheets';
import { useTestApp, postJson, signUp } from '../support/test-app';

// Many requests per test; the default 20 s is tight on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});

describe('portals', () => {
  it('creates a portal with a spec-format id, default configuration and workload settings', async () => {
    const owner = await signUp(t.app, { plan: 'professional', companyName: 'Harbour Tax' });
    const res = await postJson(t.app, '/api/v1/portals', {}, owner.cookie);
    expect(res.statusCode).toBe(201);
    const portal = res.json();
    expect(portal.portalId).toMatch(/^portal_[0-9a-z]{9}$/);
    expect(portal).toMatchObject({
      name: 'Client Portal',
      clientCount: 0,
      portalPath: `/portal/${portal.portalId}`,
      source: { type: 'none', sheetId: null, columnMapping: null, dateOrder: 'mdy' },
      sync: { intervalMinutes: 15, lastSyncedAt: null, lastError: null, running: false },
      config: { companyName: 'Harbour Tax', primaryColor: '#3B82F6', customMessage: 'Welcome! Check your project status below.' },
      workloadSettings: { averageProjectDuration: 14, dailyCapacity: 3, bufferDays: 2, workingDays: [1, 2, 3, 4, 5] },
    });
    const second = await postJson(t.app, '/api/v1/portals', { name: '  Law office  ' }, owner.cookie);
    expect(second.json().name).toBe('Law office');
    const list = await request(t.app, 'GET', '/api/v1/portals', owner.cookie);
    expect(list.json()).toMatchObject({ total: 2, plan: { id: 'professional', portalLimit: 5 }, canAddPortal: true, limitMessage: null });
    expect(list.json().portals.map((p: { name: string }) => p.name)).toEqual(['Client Portal', 'Law office']);
    const audit = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.type, 'portal.created'));
    expect(audit.some((a) => a.detail.portalId === portal.portalId)).toBe(true);
  });

  it("enforces the plan's portal limit with an upgrade hint (1, 5, unlimited)", async () => {
    const starter = await signUp(t.app, { plan: 'starter' });
    expect((await postJson(t.app, '/api/v1/portals', {}, starter.cookie)).statusCode).toBe(201);
    const refused = await postJson(t.app, '/api/v1/portals', {}, starter.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'portal_limit_reached',
      message: 'Your Starter plan includes 1 portal. Upgrade to Professional for up to 5 portals.',
    });
    const list = (await request(t.app, 'GET', '/api/v1/portals', starter.cookie)).json();
    expect(list).toMatchObject({ canAddPortal: false, limitMessage: 'Your Starter plan includes 1 portal. Upgrade to Professional for up to 5 portals.' });

    const pro = await signUp(t.app, { plan: 'professional' });
    const results = await Promise.all(Array.from({ length: 7 }, () => postJson(t.app, '/api/v1/portals', {}, pro.cookie)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.find((r) => r.statusCode === 403)?.json().error.message).toBe(
      'Your Professional plan includes 5 portals. Upgrade to Business for unlimited portals.',
    );

    const biz = await signUp(t.app, { plan: 'business' });
    for (let i = 0; i < 7; i += 1) expect((await postJson(t.app, '/api/v1/portals', {}, biz.cookie)).statusCode).toBe(201);
  });

  it('renames, changes settings and deletes (then the portal is gone)', async () => {
    const { cookie, portalId } = await businessWithPortal(t.app);
    const renamed = await request(t.app, 'PATCH', `/api/v1/portals/${portalId}`, cookie, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Renamed');
    const empty = await request(t.app, 'PATCH', `/api/v1/portals/${portalId}`, cookie, { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Portal name is required');
    const settings = await request(t.app, 'PATCH', `/api/v1/portals/${portalId}`, cookie, {
      syncIntervalMinutes: 60,
      dateOrder: 'dmy',
      config: { primaryColor: '#112233', showNotes: false },
      workloadSettings: { dailyCapacity: 5 },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({
      source: { dateOrder: 'dmy' },
      sync: { intervalMinutes: 60 },
      config: { primaryColor: '#112233', showNotes: false, showPriority: true },
      workloadSettings: { dailyCapacity: 5, averageProjectDuration: 14 },
    });
    const badColour = await request(t.app, 'PATCH', `/api/v1/portals/${portalId}`, cookie, { config: { primaryColor: 'red;}' } });
    expect(badColour.statusCode).toBe(400);
    const badInterval = await request(t.app, 'PATCH', `/api/v1/portals/${portalId}`, cookie, { syncIntervalMinutes: 7 });
    expect(badInterval.statusCode).toBe(400);
    const del = await request(t.app, 'DELETE', `/api/v1/portals/${portalId}`, cookie);
    expect(del.statusCode).toBe(204);
    expect((await request(t.app, 'GET', `/api/v1/portals/${portalId}`, cookie)).statusCode).toBe(404);
    expect((await request(t.app, 'DELETE', `/api/v1/portals/${portalId}`, cookie)).statusCode).toBe(404);
  });

  it('serves the template CSV (spec 9) to a signed-in owner', async () => {
    const owner = await signUp(t.app);
    const res = await request(t.app, 'GET', '/api/v1/portals/template.csv', owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Client ID,Client Name,Email Address,Status,Priority,Due Date,Notes');
    expect(lines).toHaveLength(6);
    expect((await t.app.inject({ url: '/api/v1/portals/template.csv' })).statusCode).toBe(401);
  });

  it('answers 401 without a session and 403 for an account without a business', async () => {
    expect((await t.app.inject({ url: '/api/v1/portals' })).statusCode).toBe(401);
    const owner = await signUp(t.app);
    await t.app.ctx.db.delete(businessProfiles).where(eq(businessProfiles.userId, owner.user.id));
    const res = await request(t.app, 'GET', '/api/v1/portals', owner.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('business_required');
  });
});

describe('requests without a body, and the order of checks', () => {
  const bare = (url: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url, headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) } });

  it('takes New Portal and Sync now without a body, as documented (their fields are all optional)', async () => {
    const o = await businessWithPortal(t.app, { plan: 'professional' });
    expect((await bare('/api/v1/portals', o.cookie)).statusCode).toBe(201);
    // Past the body: this portal has no sheet to sync.
    const synced = await bare(`/api/v1/portals/${o.portalId}/sync`, o.cookie);
    expect(synced.json().error.code).toBe('no_sheet');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/v1/portals/{portalId}/sync'].post.requestBody.required).toBe(false);
    expect(doc.paths['/api/v1/portals'].post.requestBody.required).toBe(false);
    expect(doc.paths['/api/v1/portals/{portalId}'].patch.requestBody.content['application/json'].schema.properties.syncIntervalMinutes.enum).toEqual([
      5, 15, 30, 60, 180, 360, 720, 1440,
    ]);
  });

  it('tells a signed-out caller to sign in before anything about the body', async () => {
    const a = await businessWithPortal(t.app);
    const badBody = { confirmDrop: 'yes please' };
    expect((await request(t.app, 'POST', `/api/v1/portals/${a.portalId}/sync`, '', badBody)).statusCode).toBe(401);
    expect((await request(t.app, 'POST', `/api/v1/portals/${a.portalId}/sync`, a.cookie, badBody)).statusCode).toBe(400);
  });
});
