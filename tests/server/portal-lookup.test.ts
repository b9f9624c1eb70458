import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles, clientAccessTokens, portals } from '../../src/server/db/schema';
import { setBusinessStatus } from '../../src/server/services/business/update-business';
import { hashAccessToken } from '../../src/server/services/client-access/secrets';
import { fixtureSheet, liftBusinessApiLimits, postCsv, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';
import { NOT_FOUND, accessToken, lookup, portalWithClients, publicConfig, sendUpdate, setConfig } from './portal-helpers';

let a: Awaited<ReturnType<typeof portalWithClients>>;
let b: Awaited<ReturnType<typeof portalWithClients>>;

const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
  a = await portalWithClients(t.app, { companyName: 'Harbor Tax' });
  b = await portalWithClients(t.app, { csv: fixtureSheet('law-firm.csv'), companyName: 'Petrova Law' });
});

describe('public configuration', () => {
  it('gives branding and display settings only: no client or owner data', async () => {
    const res = await publicConfig(t.app, a.portalId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      portalId: a.portalId,
      state: 'ready',
      // A Business plan's portal is white-label (issue 23 item 5): it names no platform.
      platformName: '',
      portal: {
        companyName: 'Harbor Tax',
        title: 'Client Status Tracker',
        customMessage: 'Welcome! Check your project status below.',
        primaryColor: '#3B82F6',
        logoUrl: '',
        contact: null,
        show: { position: true, estimatedCompletion: true, estimateStyle: 'range', notes: true, progressBar: true },
        allowClientUpdates: false,
        requireVerification: false,
      },
    });
    expect(body.demo).toBeUndefined();
    const text = res.body;
    for (const secret of [a.body.email, 'maria.gonzalez@example.com', 'Maria Gonzalez', 'T-1001', 'columnMapping', 'sheet']) expect(text).not.toContain(secret);
  });

  it("shows the business's name when the portal's company name is left blank", async () => {
    const p = await portalWithClients(t.app, { companyName: 'Blank Name Builders', config: { companyName: '   ' } });
    expect((await publicConfig(t.app, p.portalId)).json().portal.companyName).toBe('Blank Name Builders');
  });

  it('says portal not found for an unknown id, no data before the first import, unavailable for a suspended business', async () => {
    const unknown = await publicConfig(t.app, 'portal_zzzzzzzzz');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('portal_not_found');

    const fresh = await request(t.app, 'POST', '/api/v1/portals', a.cookie, { name: 'Second' });
    expect(fresh.statusCode).toBe(201);
    expect((await publicConfig(t.app, fresh.json().portalId)).json()).toMatchObject({ state: 'no_data' });
    expect((await lookup(t.app, fresh.json().portalId, { query: 'maria.gonzalez@example.com' })).json()).toEqual(NOT_FOUND);

    const suspended = await portalWithClients(t.app);
    await t.app.ctx.db.update(businessProfiles).set({ status: 'suspended' }).where(eq(businessProfiles.userId, suspended.user.id));
    const cfg = await publicConfig(t.app, suspended.portalId);
    expect(cfg.json()).toEqual({ portalId: suspended.portalId, state: 'unavailable', platformName: 'StatusLink' });
    const res = await lookup(t.app, suspended.portalId, { query: 'maria.gonzalez@example.com' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({ code: 'portal_unavailable', message: 'This portal is currently unavailable' });
  });

  it('refuses a logo address that is not http(s) and colours that are not #RRGGBB', async () => {
    const bad = await request(t.app, 'PATCH', `/api/v1/portals/${a.portalId}`, a.cookie, { config: { logoUrl: 'javascript:alert(1)' } });
    expect(bad.statusCode).toBe(400);
    const css = await request(t.app, 'PATCH', `/api/v1/portals/${a.portalId}`, a.cookie, { config: { primaryColor: 'red;background:url(x)' } });
    expect(css.statusCode).toBe(400);
  });
});

describe('lookup (D3)', () => {
  it('finds a client by exact e-mail, whatever the case and surrounding spaces', async () => {
    for (const query of ['maria.gonzalez@example.com', '  MARIA.Gonzalez@Example.COM  ']) {
      const res = await lookup(t.app, a.portalId, { query });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({
        client: {
          name: 'Maria Gonzalez',
          email: 'maria.gonzalez@example.com',
          status: 'In Progress',
          statusClass: 'in-progress',
          badge: { label: 'In Progress', tone: 'blue', icon: 'spinner' },
          queueState: 'queued',
          position: 2,
          dueDate: '2026-12-15',
          notes: 'Waiting for the 1099-B from your broker',
          progress: 55,
        },
        verified: false,
        updatesAllowed: false,
      });
      expect(res.json().session).toBeUndefined();
      expect(res.json().client.estimatedCompletion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(res.json().client.insights).toMatch(/^There is 1 project ahead of yours\. Our team completes about 15 projects a week\. Allowing for the work on your project itself, we expect to finish it around \w+day, \w+ \d+, \d{4}\.$/);
    }
  });

  it('finds a client by exact full name: case-insensitive, inner spaces collapsed', async () => {
    for (const query of ['James Whitfield', '  james   WHITFIELD ']) {
      const res = await lookup(t.app, a.portalId, { query });
      expect(res.statusCode).toBe(200);
      // Found by name: the address is masked, so a guessed name does not reveal it (D3).
      expect(res.json().client).toMatchObject({ name: 'James Whitfield', email: 'j•••@e•••.net', status: 'Pending', dueDate: '2026-12-20', notes: '' });
      expect(res.body).not.toContain('jwhitfield');
    }
  });

  it('matches a name typed with a curly apostrophe (phone keyboards) or decomposed accents, both ways', async () => {
    const csv = 'Client ID,Client Name,Email Address,Status\nC1,Tom O\u2019Neill,tom@example.com,Pending\nC2,Sean O\'Brien,sean@example.com,Pending\nC3,Zoe\u0308 Ålund,zoe@example.com,Pending\n';
    const p = await portalWithClients(t.app, { csv });
    for (const [query, name] of [["Tom O'Neill", 'Tom O\u2019Neill'], ['sean o\u2019brien', "Sean O'Brien"], ['Zoë Ålund', 'Zoe\u0308 Ålund']]) {
      const res = await lookup(t.app, p.portalId, { query: query! });
      expect(res.statusCode, query).toBe(200);
      expect(res.json().client.name).toBe(name);
    }
  });

  it('never matches partially: the same 404 for parts of names and addresses', async () => {
    for (const query of ['Maria', 'Gonzalez', 'Maria Gonz', 'aria Gonzalez', 'maria.gonzalez', 'gonzalez@example.com', 'maria.gonzalez@example.co', 'maria.gonzalez@example.com.au', 'Maria-Gonzalez', '%%', 'M%', '__', '.*']) {
      const res = await lookup(t.app, a.portalId, { query });
      expect(res.statusCode, query).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it("never finds another portal's clients, and answers every miss alike", async () => {
    const other = await lookup(t.app, a.portalId, { query: 'elena.petrova@example.com' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND);
    expect((await lookup(t.app, b.portalId, { query: 'elena.petrova@example.com' })).statusCode).toBe(200);
    expect((await lookup(t.app, b.portalId, { query: 'maria.gonzalez@example.com' })).json()).toEqual(NOT_FOUND);
    const unknownPortal = await lookup(t.app, 'portal_zzzzzzzzz', { query: 'maria.gonzalez@example.com' });
    expect(unknownPortal.statusCode).toBe(404);
    expect(unknownPortal.json()).toEqual(NOT_FOUND);
    const nobody = await lookup(t.app, a.portalId, { query: 'nobody@example.com' });
    expect(nobody.json()).toEqual(NOT_FOUND);
    const strange = await lookup(t.app, 'not a portal/../x', { query: 'maria.gonzalez@example.com' });
    expect(strange.statusCode).toBe(404);
    // A NUL in the address is refused before any lookup (plugins/security.ts), the same for every portal.
    expect((await lookup(t.app, 'portal\u0000x', { query: 'maria.gonzalez@example.com' })).statusCode).toBe(400);
    expect((await lookup(t.app, a.portalId, { query: 'maria\u0000@example.com' })).statusCode).toBe(400);
    expect((await publicConfig(t.app, 'bad id!')).statusCode).toBe(404);
  });

  it('asks for the e-mail when two clients share the name', async () => {
    const csv = ['Client ID,Client Name,Email Address,Status,Priority', 'A1,Sam Lee,sam.one@example.com,Pending,2', 'A2,Sam  Lee,sam.two@example.com,In Progress,1'].join('\n');
    const p = await portalWithClients(t.app, { csv });
    const res = await lookup(t.app, p.portalId, { query: 'sam lee' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'ambiguous_name', message: 'More than one project matches this name. Please search with your email address instead.' });
    expect(JSON.stringify(res.json())).not.toContain('example.com');
    expect((await lookup(t.app, p.portalId, { query: 'sam.two@example.com' })).json().client.name).toBe('Sam  Lee');
  });

  it('wants at least 2 characters after trimming', async () => {
    for (const query of ['', ' ', ' a ']) {
      const res = await lookup(t.app, a.portalId, { query });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Please enter at least 2 characters to search');
    }
    expect((await lookup(t.app, a.portalId, {})).statusCode).toBe(400);
    expect((await lookup(t.app, a.portalId, { query: 'x'.repeat(255) })).statusCode).toBe(400);
  });

  it('shows completed clients as completed and cancelled ones without position or estimate', async () => {
    const done = (await lookup(t.app, a.portalId, { query: 'aiko.tanaka@example.org' })).json().client;
    expect(done).toMatchObject({ statusClass: 'completed', queueState: 'completed', position: null, estimatedCompletion: null, progress: 100 });
    expect(done.insights).toBe('Your project is complete. Thank you for your patience!');
    const cancelled = (await lookup(t.app, a.portalId, { query: 'Henrik Larsen' })).json().client;
    expect(cancelled).toMatchObject({ statusClass: 'cancelled', queueState: 'cancelled', position: null, estimatedCompletion: null, insights: null, progress: null, dueDate: null });
  });

  it('builds the insights from the real queue: projects ahead and weekly capacity', async () => {
    const res = (await lookup(t.app, a.portalId, { query: 'sofia.rossi@example.com' })).json().client;
    expect(res.position).toBeGreaterThan(2);
    expect(res.insights).toContain(`There are ${res.position - 1} projects ahead of yours.`);
    expect(res.insights).toContain('Our team completes about 15 projects a week');
    const first = (await lookup(t.app, a.portalId, { query: 'priya.nair@example.com' })).json().client;
    expect(first.position).toBe(1);
    expect(first.insights).toMatch(/^Your project is next in line\. /);
  });

  it('leaves out every field the configuration hides, and never sends sheet columns', async () => {
    const p = await portalWithClients(t.app, { config: { showNotes: false, showPriority: false, showEstimatedCompletion: false, showProgressBar: false, showDueDate: false } });
    const res = await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    const client = res.json().client;
    expect(Object.keys(client).sort()).toEqual(['badge', 'email', 'insights', 'name', 'queueState', 'status', 'statusClass']);
    expect(client.insights).toBeNull();
    expect(res.body).not.toContain('1099-B');
    expect(res.body).not.toContain('T-1001');
    expect(res.body).not.toContain('2026-12-15');
    // The portal's public settings say what the card shows, so the page draws no empty "Due date".
    expect((await publicConfig(t.app, p.portalId)).json().portal.show).toMatchObject({ dueDate: false, notes: false });
    await setConfig(t.app, p.cookie, p.portalId, { showDueDate: true });
    expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' })).json().client.dueDate).toBe('2026-12-15');
    await setConfig(t.app, p.cookie, p.portalId, { showPriority: true });
    const some = (await lookup(t.app, p.portalId, { query: 'sofia.rossi@example.com' })).json().client;
    expect(some.position).toBeGreaterThan(1);
    expect(some.estimatedCompletion).toBeUndefined();
    expect(some.insights).toMatch(/^There are \d+ projects ahead of yours\. Our team completes about 15 projects a week, so we should start on yours within 1 week\.$/);
  });

  it('no longer finds a client removed from the sheet', async () => {
    const p = await portalWithClients(t.app);
    const token = await accessToken(t.app, p.cookie, p.portalId, 'T-1002');
    const lines = fixtureSheet('tax-preparer.csv').split('\n').filter((l) => !l.startsWith('T-1002'));
    expect((await postCsv(t.app, `/api/v1/portals/${p.portalId}/import`, p.cookie, lines.join('\n'))).statusCode).toBe(200);
    expect((await lookup(t.app, p.portalId, { query: 'jwhitfield@example.net' })).json()).toEqual(NOT_FOUND);
    expect((await lookup(t.app, p.portalId, { token })).json()).toEqual(NOT_FOUND);
  });

  it("sees a change to the portal's business made elsewhere within the cache's time, and its own changes at once", async () => {
    const p = await portalWithClients(t.app);
    const [business] = await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.userId, p.user.id));
    const search = () => lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' });
    expect((await search()).statusCode).toBe(200);
    // Another app instance suspends the business: this one reads the portal again once PORTAL_META_CACHE_MS passed.
    await t.app.ctx.db.update(businessProfiles).set({ status: 'suspended' }).where(eq(businessProfiles.id, business!.id));
    t.clock.advance(t.env.PORTAL_META_CACHE_MS - 1);
    expect((await search()).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await search()).statusCode).toBe(503);
    // A change made through this instance applies to the very next lookup.
    await setBusinessStatus(t.app.ctx, business!.id, 'active', { userId: p.user.id });
    expect((await search()).statusCode).toBe(200);
    await setBusinessStatus(t.app.ctx, business!.id, 'suspended', { userId: p.user.id });
    expect((await search()).statusCode).toBe(503);
  });

  it('brings stored estimates up to date once when the day has changed', async () => {
    const p = await portalWithClients(t.app);
    const before = (await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' })).json().client.estimatedCompletion;
    await t.app.ctx.db.update(portals).set({ queueComputedFor: '2020-01-01' }).where(eq(portals.id, p.portalId));
    await t.app.ctx.db.execute(sql`update clients set estimated_completion = '2020-02-01' where portal_id = ${p.portalId}`);
    // Written behind the app's back: as another instance would, seen once the cache's time (PORTAL_META_CACHE_MS) passed.
    t.clock.advance(t.env.PORTAL_META_CACHE_MS);
    const [first, second] = await Promise.all([
      lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' }),
      lookup(t.app, p.portalId, { query: 'James Whitfield' }),
    ]);
    expect(first.json().client.estimatedCompletion).toBe(before);
    expect(second.json().client.estimatedCompletion).not.toBe('2020-02-01');
    const [row] = await t.app.ctx.db.select({ d: portals.queueComputedFor }).from(portals).where(eq(portals.id, p.portalId));
    expect(row!.d).not.toBe('2020-01-01');
  });
});

describe('access links (D3)', () => {
  it('opens the card directly and verified; the business rotates and revokes it', async () => {
    const state0 = await request(t.app, 'GET', `/api/v1/portals/${a.portalId}/clients/T-1004/access-link`, a.cookie);
    expect(state0.json()).toEqual({ active: false, createdAt: null, lastUsedAt: null });
    const made = await request(t.app, 'POST', `/api/v1/portals/${a.portalId}/clients/T-1004/access-link`, a.cookie, {});
    expect(made.statusCode).toBe(201);
    const { token, url } = made.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`http://localhost:3000/portal/${a.portalId}?t=${token}`);
    const [stored] = await t.app.ctx.db.select().from(clientAccessTokens).where(eq(clientAccessTokens.portalId, a.portalId));
    expect(stored!.tokenHash).toBe(hashAccessToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const res = await lookup(t.app, a.portalId, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ client: { name: 'Robert Chen', status: 'Review' }, verified: true });
    expect(res.json().session).toEqual(expect.any(String));
    const state1 = (await request(t.app, 'GET', `/api/v1/portals/${a.portalId}/clients/T-1004/access-link`, a.cookie)).json();
    expect(state1.active).toBe(true);
    expect(state1.lastUsedAt).not.toBeNull();

    // A session refreshes the card.
    const again = await lookup(t.app, a.portalId, { session: res.json().session });
    expect(again.statusCode).toBe(200);
    expect(again.json().client.name).toBe('Robert Chen');

    // Rotating kills the old link, and the card sessions opened with it.
    const rotated = (await request(t.app, 'POST', `/api/v1/portals/${a.portalId}/clients/T-1004/access-link`, a.cookie, {})).json();
    expect((await lookup(t.app, a.portalId, { token })).json()).toEqual(NOT_FOUND);
    const oldSession = await lookup(t.app, a.portalId, { session: res.json().session });
    expect(oldSession.statusCode).toBe(401);
    expect(oldSession.json().error.code).toBe('session_expired');
    expect((await sendUpdate(t.app, a.portalId, { session: res.json().session, message: 'Any news?' })).statusCode).toBe(401);
    const opened = await lookup(t.app, a.portalId, { token: rotated.token });
    expect(opened.statusCode).toBe(200);
    expect((await lookup(t.app, a.portalId, { session: opened.json().session })).statusCode).toBe(200);

    // Revoking kills the new one, and its sessions.
    const revoked = await request(t.app, 'DELETE', `/api/v1/portals/${a.portalId}/clients/T-1004/access-link`, a.cookie);
    expect(revoked.json()).toEqual({ revoked: true });
    expect((await lookup(t.app, a.portalId, { token: rotated.token })).json()).toEqual(NOT_FOUND);
    expect((await lookup(t.app, a.portalId, { session: opened.json().session })).statusCode).toBe(401);
    expect((await request(t.app, 'DELETE', `/api/v1/portals/${a.portalId}/clients/T-1004/access-link`, a.cookie)).json()).toEqual({ revoked: false });
  });

  it("works only on its own portal: another business's token is not found", async () => {
    const tokenB = await accessToken(t.app, b.cookie, b.portalId, 'M-2026-014');
    expect((await lookup(t.app, b.portalId, { token: tokenB })).statusCode).toBe(200);
    const res = await lookup(t.app, a.portalId, { token: tokenB });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await lookup(t.app, a.portalId, { token: 'x'.repeat(43) })).json()).toEqual(NOT_FOUND);
    expect((await lookup(t.app, a.portalId, { token: '' })).json()).toEqual(NOT_FOUND);
    // A session from portal B does not open portal A.
    const sessionB = (await lookup(t.app, b.portalId, { token: tokenB })).json().session;
    const cross = await lookup(t.app, a.portalId, { session: sessionB });
    expect(cross.statusCode).toBe(401);
    expect((await lookup(t.app, a.portalId, { session: `${sessionB}x` })).statusCode).toBe(401);
  });

  it("cannot be made, read or revoked for another business's client", async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await request(t.app, method, `/api/v1/portals/${b.portalId}/clients/M-2026-014/access-link`, a.cookie, method === 'POST' ? {} : undefined);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await request(t.app, 'POST', `/api/v1/portals/${a.portalId}/clients/NOPE/access-link`, a.cookie, {})).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/portals/${a.portalId}/clients/T-1001/access-link` });
    expect(anonymous.statusCode).toBe(401);
  });
});
