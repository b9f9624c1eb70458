import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityEvents, businessLookupMonthly, businessProfiles, clientUpdates, portalLookupDaily, usageWarnings } from '../../src/server/db/schema';
import { portalLimits } from '../../src/server/services/portal-lookup/lookup-limits';
import { FLUSH_INTERVAL_MS, usageMeterFor } from '../../src/server/services/usage/usage-meter';
import { todayIn } from '../../src/server/services/usage/usage-month';
import { liftBusinessApiLimits, request } from '../support/sheets';
import { useTestApp, nextIp } from '../support/test-app';
import { NOT_FOUND, accessToken, lookup, portalWithClients, sendUpdate, setConfig } from './portal-helpers';

const defaults = { ...portalLimits };

const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});
afterEach(() => {
  Object.assign(portalLimits, defaults);
});

describe('rate limits (D3, security 17)', () => {
  it('limits lookups per address: 429 with Retry-After', async () => {
    const p = await portalWithClients(t.app);
    const ip = nextIp();
    for (let i = 0; i < portalLimits.lookupsPerIpPerMinute; i += 1) {
      expect((await lookup(t.app, p.portalId, { query: i % 2 ? 'maria.gonzalez@example.com' : 'nobody@example.com' }, ip)).statusCode).not.toBe(429);
    }
    const limited = await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json().error).toEqual({ code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' });
    // Another address is not affected.
    const other = await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    expect(other.statusCode).toBe(200);
    // Counted by these limits only, not also by the general API limit (no second count, no x-ratelimit headers).
    expect(other.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('limits lookups per portal across addresses', async () => {
    portalLimits.lookupsPerPortalPerMinute = 8;
    const p = await portalWithClients(t.app);
    for (let i = 0; i < 8; i += 1) expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(200);
    const limited = await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Other portals still answer.
    const other = await portalWithClients(t.app);
    expect((await lookup(t.app, other.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(200);
  });

  it("never refuses, by the portal's limit, a client who comes with an access link or a card session", async () => {
    portalLimits.lookupsPerPortalPerMinute = 3;
    const p = await portalWithClients(t.app);
    const token = await accessToken(t.app, p.cookie, p.portalId, 'T-1004');
    for (let i = 0; i < 3; i += 1) expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(200);
    expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(429);
    const byLink = await lookup(t.app, p.portalId, { token });
    expect(byLink.statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await lookup(t.app, p.portalId, { session: byLink.json().session })).statusCode).toBe(200);
    // Searches stay limited.
    expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(429);
  }, 60_000);
});

describe('metering (D5)', () => {
  const month = () => todayIn('America/New_York').slice(0, 7);

  it('counts lookups per portal and day, and the cards shown per business and month; GET /api/v1/usage reports them', async () => {
    const p = await portalWithClients(t.app, { plan: 'professional' });
    await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    await lookup(t.app, p.portalId, { query: 'nobody@example.com' });
    await lookup(t.app, p.portalId, { query: 'James Whitfield' });
    expect((await lookup(t.app, p.portalId, { query: 'x' })).statusCode).toBe(400); // not a lookup
    const usage = await request(t.app, 'GET', '/api/v1/usage', p.cookie);
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toEqual({
      month: month(),
      used: 2, // the miss showed no card
      limit: 2500,
      level: 'ok',
      plan: 'professional',
      days: [{ day: todayIn('America/New_York'), lookups: 3, misses: 1 }],
    });
    const [daily] = await t.app.ctx.db.select().from(portalLookupDaily).where(eq(portalLookupDaily.portalId, p.portalId));
    expect(daily).toMatchObject({ lookups: 3, misses: 1, invalid: 1, rateLimited: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/usage' })).statusCode).toBe(401);
  });

  it('spends the plan only on lookups that show a card: misses and refused lookups are counted apart and warn no one (issue 17 item 3)', async () => {
    const p = await portalWithClients(t.app, { plan: 'business', config: { requireVerification: true } });
    const [business] = await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.userId, p.user.id));
    const warnings = () => t.mails.filter((m) => m.to === p.body.email && /portal searches/.test(m.subject));
    const used = async () => (await request(t.app, 'GET', '/api/v1/usage', p.cookie)).json().used;
    // A verification code e-mailed shows no card; the card it opens does.
    expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(202);
    expect(await used()).toBe(0);
    await vi.waitFor(() => expect(t.mails.filter((m) => m.to === 'maria.gonzalez@example.com')).toHaveLength(1));
    const code = /\b(\d{6})\b/.exec(t.mails.filter((m) => m.to === 'maria.gonzalez@example.com').at(-1)!.subject)![1]!;
    expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com', code })).statusCode).toBe(200);
    expect(await used()).toBe(1);

    // 7,999 of 10,000: one more card would reach 80%; nothing that fails may.
    await t.app.ctx.db.update(businessLookupMonthly).set({ lookups: 7999 }).where(eq(businessLookupMonthly.businessId, business!.id));
    await request(t.app, 'GET', '/api/v1/usage', p.cookie);
    for (let i = 0; i < 29; i += 1) expect((await lookup(t.app, p.portalId, { query: `nobody${i}@example.com` })).statusCode).toBe(202); // no code sent
    await setConfig(t.app, p.cookie, p.portalId, { requireVerification: false });
    expect((await lookup(t.app, p.portalId, { query: 'nobody@example.com' })).statusCode).toBe(404);
    expect((await lookup(t.app, p.portalId, { token: 'not-a-token' })).statusCode).toBe(404);
    expect((await lookup(t.app, p.portalId, { query: 'x' })).statusCode).toBe(400);
    expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com', code: '000000', verify: true })).statusCode).toBe(400);
    expect((await lookup(t.app, p.portalId, {})).statusCode).toBe(400);
    portalLimits.lookupsPerPortalPerMinute = 0;
    for (let i = 0; i < 2; i += 1) expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(429);
    await usageMeterFor(t.app.ctx).flush();
    expect(await used()).toBe(7999);
    expect(warnings()).toHaveLength(0);
    const [daily] = await t.app.ctx.db.select().from(portalLookupDaily).where(eq(portalLookupDaily.portalId, p.portalId));
    expect(daily).toMatchObject({ lookups: 1 + 1 + 29 + 2, misses: 29 + 2, invalid: 3, rateLimited: 2 });

    // The business sees them apart in its analytics; the next card reaches 80%.
    const analytics = (await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/analytics?days=7`, p.cookie)).json();
    expect(analytics.lookups).toMatchObject({ total: 33, misses: 31, invalid: 3, rateLimited: 2 });
    portalLimits.lookupsPerPortalPerMinute = defaults.lookupsPerPortalPerMinute;
    expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(200);
    await usageMeterFor(t.app.ctx).flush();
    await vi.waitFor(() => expect(warnings()).toHaveLength(1));
    expect(warnings()[0]!.text).toContain('8,000 of the 10,000 lookups');
  });

  it("does not count the owner's own look at the portal (View Portal), only other visitors'", async () => {
    const p = await portalWithClients(t.app);
    const other = await portalWithClients(t.app);
    expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' }, nextIp(), p.cookie)).statusCode).toBe(200);
    expect((await lookup(t.app, p.portalId, { query: 'nobody@example.com' }, nextIp(), p.cookie)).statusCode).toBe(404);
    expect((await request(t.app, 'GET', '/api/v1/usage', p.cookie)).json()).toMatchObject({ used: 0, days: [] });
    // Another business's owner is a visitor like any other, and so is an anonymous one.
    await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' }, nextIp(), other.cookie);
    await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    expect((await request(t.app, 'GET', '/api/v1/usage', p.cookie)).json()).toMatchObject({ used: 2 });
  });

  it('warns the owner by e-mail at 80% and at 100%, once per month each, and never cuts clients off', async () => {
    const p = await portalWithClients(t.app, { plan: 'starter', companyName: 'Tiny Tax' });
    const [business] = await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.userId, p.user.id));
    const warnings = () => t.mails.filter((m) => m.to === p.body.email && /portal searches/.test(m.subject));
    // The first lookup of the month makes the meter read the month's count.
    await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    await t.app.ctx.db.update(businessLookupMonthly).set({ lookups: 398 }).where(eq(businessLookupMonthly.businessId, business!.id));
    await usageMeterFor(t.app.ctx).flush();
    // Reading the count again (a new month for the meter would do the same) happens through the usage endpoint.
    expect((await request(t.app, 'GET', '/api/v1/usage', p.cookie)).json()).toMatchObject({ used: 398, limit: 500, level: 'ok' });
    const flush = () => usageMeterFor(t.app.ctx).flush();
    await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' }); // 399
    await flush();
    expect(warnings()).toHaveLength(0);
    await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' }); // 400 = 80%
    await flush();
    await vi.waitFor(() => expect(warnings()).toHaveLength(1));
    expect(warnings()[0]!.subject).toBe(`Tiny Tax has used 80% of its portal searches for ${monthLabel(month())}`);
    expect(warnings()[0]!.text).toContain('400 of the 500 lookups');
    for (let i = 0; i < 3; i += 1) await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    await usageMeterFor(t.app.ctx).flush();
    expect(warnings()).toHaveLength(1);
    expect((await request(t.app, 'GET', '/api/v1/usage', p.cookie)).json()).toMatchObject({ used: 403, level: 'warning' });

    await t.app.ctx.db.update(businessLookupMonthly).set({ lookups: 498 }).where(eq(businessLookupMonthly.businessId, business!.id));
    await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' }); // 499
    await flush();
    await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' }); // 500
    await flush();
    await vi.waitFor(() => expect(warnings()).toHaveLength(2));
    expect(warnings()[1]!.subject).toBe(`Tiny Tax has used all 500 portal searches of ${monthLabel(month())}`);
    expect(warnings()[1]!.text).toContain('nobody is cut off');
    // Over the limit: clients still get their card; no more e-mails this month.
    for (let i = 0; i < 5; i += 1) expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(200);
    await usageMeterFor(t.app.ctx).flush();
    expect(warnings()).toHaveLength(2);
    expect((await request(t.app, 'GET', '/api/v1/usage', p.cookie)).json()).toMatchObject({ used: 505, level: 'exceeded' });
    const sent = await t.app.ctx.db.select().from(usageWarnings).where(eq(usageWarnings.businessId, business!.id));
    expect(sent.map((w) => w.level).sort()).toEqual(['exceeded', 'warning']);
    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.businessId, business!.id));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['usage.limit_warning', 'usage.limit_reached']));
  });

  it('sends only the 100% e-mail when a business jumps past both thresholds', async () => {
    const p = await portalWithClients(t.app, { plan: 'starter' });
    const [business] = await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.userId, p.user.id));
    await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    await t.app.ctx.db.update(businessLookupMonthly).set({ lookups: 600 }).where(eq(businessLookupMonthly.businessId, business!.id));
    await request(t.app, 'GET', '/api/v1/usage', p.cookie);
    await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    await usageMeterFor(t.app.ctx).flush();
    await vi.waitFor(() => expect(t.mails.filter((m) => m.to === p.body.email && /portal searches/.test(m.subject))).toHaveLength(1));
    expect(t.mails.filter((m) => m.to === p.body.email && /portal searches/.test(m.subject))[0]!.subject).toMatch(/used all 500/);
  });

  it('over the limit and already warned (by an earlier process), lookups are counted in the background again', async () => {
    const p = await portalWithClients(t.app, { plan: 'starter' });
    const [business] = await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.userId, p.user.id));
    const meter = usageMeterFor(t.app.ctx);
    await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    await t.app.ctx.db.update(businessLookupMonthly).set({ lookups: 700 }).where(eq(businessLookupMonthly.businessId, business!.id));
    // Both e-mails went out before this process started: the meter only finds their rows.
    for (const level of ['warning', 'exceeded'] as const) {
      await t.app.ctx.db.insert(usageWarnings).values({ businessId: business!.id, month: month(), level, used: 600, limit: 500 });
    }
    await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    await meter.flush(); // learns the month's 701 and finds both warnings claimed
    const started = Date.now();
    for (let i = 0; i < 3; i += 1) await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    // Not written one by one (each lookup waiting for a write) but pending for the next batch (unless the machine
    // was so slow that the batch's timer, FLUSH_INTERVAL_MS after the first of them, already wrote them).
    if (Date.now() - started < FLUSH_INTERVAL_MS) expect(meter.pendingFor(business!.id, month())).toBe(3);
    await meter.flush();
    expect(t.mails.filter((m) => m.to === p.body.email && /portal searches/.test(m.subject))).toHaveLength(0);
    const [row] = await t.app.ctx.db.select().from(businessLookupMonthly).where(eq(businessLookupMonthly.businessId, business!.id));
    expect(row!.lookups).toBe(704);
  });
});

describe('client updates (issue 5, item 3)', () => {
  it('needs updates allowed and a verified card; stores, e-mails the owner, lists and marks read', async () => {
    const p = await portalWithClients(t.app, { companyName: 'Harbor Tax' });
    const token = await accessToken(t.app, p.cookie, p.portalId, 'T-1001');
    const card = (await lookup(t.app, p.portalId, { token })).json();
    expect(card.updatesAllowed).toBe(false);
    const off = await sendUpdate(t.app, p.portalId, { session: card.session, message: 'Hello' });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('updates_off');

    await setConfig(t.app, p.cookie, p.portalId, { allowClientUpdates: true });
    // A plain search is no proof of identity.
    const plain = (await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' })).json();
    expect(plain).toMatchObject({ verified: false, updatesAllowed: true });
    expect((await sendUpdate(t.app, p.portalId, { message: 'Hi' })).statusCode).toBe(400);
    expect((await sendUpdate(t.app, p.portalId, { session: 'forged.token', message: 'Hi' })).statusCode).toBe(401);

    const sent = await sendUpdate(t.app, p.portalId, { session: card.session, message: '  I sent the 1099-B by mail.  ' });
    expect(sent.statusCode).toBe(201);
    await vi.waitFor(() => expect(t.mails.filter((m) => m.to === p.body.email && /New message/.test(m.subject))).toHaveLength(1));
    const mail = t.mails.find((m) => m.to === p.body.email && /New message/.test(m.subject))!;
    expect(mail.subject).toBe('New message from Maria Gonzalez on your client portal');
    expect(mail.text).toContain('I sent the 1099-B by mail.');
    expect(mail.replyTo).toBe('maria.gonzalez@example.com');

    const list = await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/clients/T-1001/updates`, p.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ unread: 1, updates: [{ clientId: 'T-1001', clientName: 'Maria Gonzalez', message: 'I sent the 1099-B by mail.', via: 'link', readAt: null }] });
    const portalList = await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/updates?unread=true`, p.cookie);
    expect(portalList.json().updates).toHaveLength(1);
    const marked = await request(t.app, 'POST', `/api/v1/portals/${p.portalId}/clients/T-1001/updates/read`, p.cookie, {});
    expect(marked.json()).toEqual({ marked: 1 });
    expect((await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/clients/T-1001/updates`, p.cookie)).json().unread).toBe(0);
    expect((await request(t.app, 'POST', `/api/v1/portals/${p.portalId}/clients/T-1001/updates/read`, p.cookie, { ids: ['nope'] })).statusCode).toBe(400);

    // Another business sees nothing of it.
    const other = await portalWithClients(t.app);
    expect((await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/clients/T-1001/updates`, other.cookie)).statusCode).toBe(404);
    expect((await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/updates`, other.cookie)).statusCode).toBe(404);
    expect((await request(t.app, 'POST', `/api/v1/portals/${p.portalId}/clients/T-1001/updates/read`, other.cookie, {})).statusCode).toBe(404);
    // A session of another portal does not send to this one.
    const otherToken = await accessToken(t.app, other.cookie, other.portalId, 'T-1001');
    const otherSession = (await lookup(t.app, other.portalId, { token: otherToken })).json().session;
    expect((await sendUpdate(t.app, p.portalId, { session: otherSession, message: 'Hi' })).statusCode).toBe(401);
  });

  it('accepts a session from a verified code, checks the text, and rate-limits per client', async () => {
    const p = await portalWithClients(t.app, { config: { allowClientUpdates: true } });
    await lookup(t.app, p.portalId, { query: 'priya.nair@example.com', verify: true });
    await vi.waitFor(() => expect(t.mails.filter((m) => m.to === 'priya.nair@example.com')).toHaveLength(1));
    const code = /(\d{6})/.exec(t.mails.find((m) => m.to === 'priya.nair@example.com')!.subject)![1]!;
    const { session } = (await lookup(t.app, p.portalId, { query: 'priya.nair@example.com', code, verify: true })).json();
    expect((await sendUpdate(t.app, p.portalId, { session, message: '   ' })).json().error.message).toBe('Please write a message first.');
    expect((await sendUpdate(t.app, p.portalId, { session, message: 'x'.repeat(1001) })).json().error.message).toBe('Please keep your message under 1000 characters.');
    for (let i = 0; i < portalLimits.updatesPerClientPerDay; i += 1) {
      expect((await sendUpdate(t.app, p.portalId, { session, message: `Question ${i}` })).statusCode).toBe(201);
    }
    const limited = await sendUpdate(t.app, p.portalId, { session, message: 'One more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const stored = await t.app.ctx.db.select().from(clientUpdates).where(and(eq(clientUpdates.portalId, p.portalId), eq(clientUpdates.clientId, 'T-1007')));
    expect(stored).toHaveLength(5);
    expect(stored.every((u) => u.via === 'code')).toBe(true);
  });

  it('ends the card sessions of a link when it is revoked (decision 0012)', async () => {
    const p = await portalWithClients(t.app, { config: { allowClientUpdates: true } });
    const token = await accessToken(t.app, p.cookie, p.portalId, 'T-1001');
    const { session } = (await lookup(t.app, p.portalId, { token })).json();
    expect((await sendUpdate(t.app, p.portalId, { session, message: 'Still here' })).statusCode).toBe(201);
    await request(t.app, 'DELETE', `/api/v1/portals/${p.portalId}/clients/T-1001/access-link`, p.cookie);
    // The session was issued before the revocation: it ends with it.
    const after = await sendUpdate(t.app, p.portalId, { session, message: 'Still here?' });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('session_expired');
    expect((await lookup(t.app, p.portalId, { token })).json()).toEqual(NOT_FOUND);
  });
});

function monthLabel(month: string) {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
