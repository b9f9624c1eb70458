import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, businessProfiles, sessions, users } from '../../src/server/db/schema';
import { useTestApp, postJson, signUp } from '../support/test-app';
import { businessIdOf, latestCookies, makeAdmin, send } from './admin-support';

let admin: Awaited<ReturnType<typeof makeAdmin>>;
const t = useTestApp();
beforeAll(async () => {
  admin = await makeAdmin(t);
});

const activity = async (type: string) => (await t.app.ctx.db.select().from(activityEvents)).filter((e) => e.type === type);

describe('business list', () => {
  it('searches company, owner and e-mail, and filters by status', async () => {
    const a = await signUp(t.app, { companyName: 'Zephyr Tax Partners', name: 'Quentin Blake' });
    const b = await signUp(t.app, { companyName: 'Lakeside Law', name: 'Priya Natarajan' });
    await t.app.ctx.db.update(businessProfiles).set({ status: 'active' }).where(eq(businessProfiles.userId, b.user.id));

    const all = (await send(t.app, 'GET', '/api/admin/businesses', admin.cookie)).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.businesses[0]).toMatchObject({ companyName: 'Lakeside Law', ownerName: 'Priya Natarajan', email: b.body.email, plan: 'professional', status: 'active', portalCount: 0 });

    const byCompany = (await send(t.app, 'GET', '/api/admin/businesses?search=zephyr', admin.cookie)).json();
    expect(byCompany.businesses.map((x: { email: string }) => x.email)).toEqual([a.body.email]);
    const byOwner = (await send(t.app, 'GET', '/api/admin/businesses?search=QUENTIN', admin.cookie)).json();
    expect(byOwner.businesses).toHaveLength(1);
    const byEmail = (await send(t.app, 'GET', `/api/admin/businesses?search=${encodeURIComponent(b.body.email)}`, admin.cookie)).json();
    expect(byEmail.businesses.map((x: { companyName: string }) => x.companyName)).toEqual(['Lakeside Law']);
    // LIKE wildcards are literal.
    expect((await send(t.app, 'GET', '/api/admin/businesses?search=%25', admin.cookie)).json().businesses).toHaveLength(0);

    const active = (await send(t.app, 'GET', '/api/admin/businesses?status=active', admin.cookie)).json();
    expect(active.businesses.every((x: { status: string }) => x.status === 'active')).toBe(true);
    expect(active.businesses.some((x: { email: string }) => x.email === b.body.email)).toBe(true);
    const trial = (await send(t.app, 'GET', '/api/admin/businesses?status=trial', admin.cookie)).json();
    expect(trial.businesses.some((x: { email: string }) => x.email === a.body.email)).toBe(true);
    expect((await send(t.app, 'GET', '/api/admin/businesses?status=nope', admin.cookie)).statusCode).toBe(400);
  });
});

describe('add, view, edit and delete', () => {
  it('adds a business, e-mails the owner a link to choose a password, and that password signs in', async () => {
    const before = t.mails.length;
    const res = await send(t.app, 'POST', '/api/admin/businesses', admin.cookie, {
      companyName: 'Granite Builders',
      ownerName: 'Gus Granite',
      email: 'Gus@Granite.example',
      phone: '+1 555 0199',
      plan: 'business',
      status: 'trial',
      timeZone: 'America/Denver',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect((await send(t.app, 'GET', `/api/admin/businesses/${id}`, admin.cookie)).json().timeZone).toBe('America/Denver');
    expect(t.mails.length).toBe(before + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('gus@granite.example');
    expect(mail.subject).toBe('Your StatusLink account for Granite Builders');
    expect(mail.text).toContain('Sent by StatusLink.');
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();

    const detail = (await send(t.app, 'GET', `/api/admin/businesses/${id}`, admin.cookie)).json();
    expect(detail).toMatchObject({ companyName: 'Granite Builders', ownerName: 'Gus Granite', email: 'gus@granite.example', plan: 'business', status: 'trial', hasPassword: false });
    expect(new Date(detail.trialEndsAt).getTime() - Date.now()).toBeGreaterThan(13.9 * 86_400_000);

    // No password yet: no sign-in. The link sets one (with the platform policy), then it works.
    expect((await postJson(t.app, '/api/auth/sign-in/email', { email: 'gus@granite.example', password: 'Granite-Walls-77' })).statusCode).toBe(401);
    expect((await postJson(t.app, '/api/auth/reset-password', { token, newPassword: 'short' })).statusCode).toBe(400);
    expect((await postJson(t.app, '/api/auth/reset-password', { token, newPassword: 'Granite-Walls-77' })).statusCode).toBe(200);
    const signIn = await postJson(t.app, '/api/auth/sign-in/email', { email: 'gus@granite.example', password: 'Granite-Walls-77' });
    expect(signIn.statusCode).toBe(200);
    const me = (await send(t.app, 'GET', '/api/v1/me', latestCookies(signIn))).json();
    expect(me.business).toMatchObject({ companyName: 'Granite Builders', plan: 'business' });

    expect((await activity('admin.business_created')).some((e) => e.businessId === id && e.actorUserId === admin.id)).toBe(true);
    const dup = await send(t.app, 'POST', '/api/admin/businesses', admin.cookie, { companyName: 'X', ownerName: 'Y', email: 'gus@granite.example', phone: '', plan: 'starter', status: 'trial' });
    expect(dup.statusCode).toBe(409);
    const invalid = await send(t.app, 'POST', '/api/admin/businesses', admin.cookie, { companyName: '', ownerName: 'Y', email: 'nope', phone: '', plan: 'starter', status: 'trial' });
    expect(invalid.statusCode).toBe(400);
  });

  it('edits company, owner, e-mail, phone, plan and status', async () => {
    const { user, body } = await signUp(t.app);
    const id = await businessIdOf(t, user.id);
    const res = await send(t.app, 'PUT', `/api/admin/businesses/${id}`, admin.cookie, {
      companyName: 'Renamed & Co',
      ownerName: 'New Owner',
      email: 'renamed@example.com',
      phone: '+44 20 0000',
      plan: 'enterprise',
      status: 'active',
      timeZone: 'Europe/London',
    });
    expect(res.statusCode).toBe(200);
    const detail = (await send(t.app, 'GET', `/api/admin/businesses/${id}`, admin.cookie)).json();
    expect(detail).toMatchObject({ companyName: 'Renamed & Co', ownerName: 'New Owner', email: 'renamed@example.com', phone: '+44 20 0000', plan: 'enterprise', status: 'active', timeZone: 'Europe/London' });
    // The time zone is checked (D8).
    const badZone = await send(t.app, 'PUT', `/api/admin/businesses/${id}`, admin.cookie, { ...detail, timeZone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    // The sign-in e-mail follows.
    expect((await postJson(t.app, '/api/auth/sign-in/email', { email: 'renamed@example.com', password: body.password })).statusCode).toBe(200);
    const updated = (await activity('admin.business_updated')).find((e) => e.businessId === id)!;
    expect(updated.detail.changed).toEqual(expect.arrayContaining(['email', 'companyName', 'ownerName', 'phone', 'plan']));
    expect((await activity('admin.business_status_changed')).find((e) => e.businessId === id)!.detail).toMatchObject({ from: 'trial', to: 'active' });
    expect((await send(t.app, 'GET', '/api/admin/businesses/missing', admin.cookie)).statusCode).toBe(404);
  });

  it('deletes a business with its account after the operator confirms; logged', async () => {
    const { user, body } = await signUp(t.app, { companyName: 'Doomed Ltd' });
    const id = await businessIdOf(t, user.id);
    const res = await send(t.app, 'DELETE', `/api/admin/businesses/${id}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.id, id))).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: body.password })).statusCode).toBe(401);
    const logged = (await activity('admin.business_deleted')).find((e) => e.businessId === id)!;
    expect(logged.detail).toMatchObject({ companyName: 'Doomed Ltd', email: body.email });
    expect((await send(t.app, 'DELETE', `/api/admin/businesses/${id}`, admin.cookie)).statusCode).toBe(404);
  });
});

describe('activate and suspend', () => {
  it('suspending ends the owner’s sessions and refuses sign-in; activating lets them back', async () => {
    const { user, body, cookie } = await signUp(t.app);
    const id = await businessIdOf(t, user.id);
    expect((await send(t.app, 'GET', '/api/v1/me', cookie)).statusCode).toBe(200);

    expect((await send(t.app, 'POST', `/api/admin/businesses/${id}/status`, admin.cookie, { status: 'suspended' })).statusCode).toBe(200);
    expect((await send(t.app, 'GET', '/api/v1/me', cookie)).statusCode).toBe(401);
    const refused = await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: body.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This account is suspended. Please contact support.');
    const logged = (await activity('admin.business_status_changed')).find((e) => e.businessId === id && e.detail.to === 'suspended')!;
    expect(logged.detail).toMatchObject({ from: 'trial', to: 'suspended', sessionsEnded: 1 });

    expect((await send(t.app, 'POST', `/api/admin/businesses/${id}/status`, admin.cookie, { status: 'active' })).statusCode).toBe(200);
    expect((await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: body.password })).statusCode).toBe(200);
  });
});

describe('login as this business', () => {
  it('opens the business as an audited one-hour impersonation, then returns to the operator session', async () => {
    const op = await makeAdmin(t);
    const { user, cookie: ownerCookie } = await signUp(t.app, { companyName: 'Visited Co' });
    const id = await businessIdOf(t, user.id);
    const start = await send(t.app, 'POST', `/api/admin/businesses/${id}/impersonate`, op.cookie, {});
    expect(start.statusCode).toBe(200);
    expect(start.json().redirectTo).toBe('/app/dashboard');
    const browser = mergeCookies(op.cookie, latestCookies(start));
    const me = (await send(t.app, 'GET', '/api/v1/me', browser)).json();
    expect(me.user.id).toBe(user.id);
    expect(me.impersonatedBy).toBe(op.id);
    expect(me.business.companyName).toBe('Visited Co');
    const [row] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.impersonatedBy, op.id));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    // The impersonated session is no operator.
    expect((await send(t.app, 'GET', '/api/admin/dashboard', browser)).statusCode).toBe(403);
    // What the operator does meanwhile is logged as done by them, not taken for the owner's own (security 12).
    expect((await send(t.app, 'POST', '/api/v1/portals', browser, { name: 'Made by support' })).statusCode).toBe(201);
    const made = (await activity('portal.created')).find((e) => e.businessId === id)!;
    expect(made).toMatchObject({ actorUserId: user.id, detail: { impersonatedBy: op.id } });

    const stop = await send(t.app, 'POST', '/api/admin/impersonation/stop', browser, {});
    expect(stop.statusCode).toBe(200);
    expect(stop.json().redirectTo).toBe('/admin/businesses');
    const back = mergeCookies(browser, latestCookies(stop));
    expect((await send(t.app, 'GET', '/api/admin/dashboard', back)).statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.impersonatedBy, op.id))).toHaveLength(0);

    expect((await activity('admin.impersonation_started')).some((e) => e.businessId === id && e.actorUserId === op.id)).toBe(true);
    expect((await activity('admin.impersonation_stopped')).some((e) => e.businessId === id && e.actorUserId === op.id)).toBe(true);
    const log = (await send(t.app, 'GET', `/api/admin/activity?type=portal.created&businessId=${id}`, back)).json();
    expect(log.items[0].description).toMatch(new RegExp(`, done by Dana Owner \\(${op.email.replace(/[.+]/g, '\\$&')}\\) signed in as the business$`));
    // Looking for what the operator did finds it too.
    const byOperator = (await send(t.app, 'GET', `/api/admin/activity?type=portal.created&actor=${encodeURIComponent(op.email)}`, back)).json();
    expect(byOperator.items.map((i: { businessId: string }) => i.businessId)).toContain(id);
    // The owner's own changes carry no operator.
    expect((await send(t.app, 'POST', '/api/v1/portals', ownerCookie, { name: 'Made by the owner' })).statusCode).toBe(201);
    const own = (await activity('portal.created')).filter((e) => e.businessId === id).find((e) => e.detail.impersonatedBy === undefined);
    expect(own).toBeDefined();
    // Not impersonating: nothing to stop.
    expect((await send(t.app, 'POST', '/api/admin/impersonation/stop', back, {})).statusCode).toBe(400);
  });

  it('writes the audit row in the same transaction: a failed audit row leaves no impersonation (start) and no return (stop)', async () => {
    const op = await makeAdmin(t);
    const { user } = await signUp(t.app, { companyName: 'Unaudited Co' });
    const id = await businessIdOf(t, user.id);
    const startedBefore = (await activity('admin.impersonation_started')).length;

    // The activity table refuses the start row: the impersonation must not happen.
    await t.app.ctx.db.execute(sql`alter table activity_events add constraint test_no_start check (type <> 'admin.impersonation_started') not valid`);
    try {
      const refused = await send(t.app, 'POST', `/api/admin/businesses/${id}/impersonate`, op.cookie, {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('impersonation_failed');
      expect(latestCookies(refused)).not.toContain('admin_session');
      expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.impersonatedBy, op.id))).toHaveLength(0);
      expect(await activity('admin.impersonation_started')).toHaveLength(startedBefore);
      // The browser still holds the operator's own session.
      expect((await send(t.app, 'GET', '/api/admin/dashboard', mergeCookies(op.cookie, latestCookies(refused)))).statusCode).toBe(200);
    } finally {
      await t.app.ctx.db.execute(sql`alter table activity_events drop constraint test_no_start`);
    }

    // Started (and recorded), then the stop row is refused: the impersonation stays as it was, still recorded as open.
    const start = await send(t.app, 'POST', `/api/admin/businesses/${id}/impersonate`, op.cookie, {});
    expect(start.statusCode).toBe(200);
    expect((await activity('admin.impersonation_started')).filter((e) => e.businessId === id)).toHaveLength(1);
    const browser = mergeCookies(op.cookie, latestCookies(start));
    await t.app.ctx.db.execute(sql`alter table activity_events add constraint test_no_stop check (type <> 'admin.impersonation_stopped') not valid`);
    try {
      const refused = await send(t.app, 'POST', '/api/admin/impersonation/stop', browser, {});
      expect(refused.statusCode).toBe(400);
      expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.impersonatedBy, op.id))).toHaveLength(1);
      // The browser is still in the (recorded) impersonation, which can be ended once the row can be written.
      expect((await send(t.app, 'GET', '/api/v1/me', mergeCookies(browser, latestCookies(refused)))).json().impersonatedBy).toBe(op.id);
    } finally {
      await t.app.ctx.db.execute(sql`alter table activity_events drop constraint test_no_stop`);
    }
    const stop = await send(t.app, 'POST', '/api/admin/impersonation/stop', browser, {});
    expect(stop.statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.impersonatedBy, op.id))).toHaveLength(0);
    expect((await activity('admin.impersonation_stopped')).filter((e) => e.businessId === id)).toHaveLength(1);
  });
});

/** A browser's cookie jar after a response: same-name cookies replaced, cleared ones dropped. */
function mergeCookies(jar: string, update: string): string {
  const map = new Map<string, string>();
  for (const part of [...jar.split('; '), ...update.split('; ')].filter(Boolean)) map.set(part.slice(0, part.indexOf('=')), part);
  return [...map.values()].join('; ');
}

describe('audit rows written during an impersonated request', () => {
  it("name the operator on the impersonated owner's rows only, not on rows about anyone else", async () => {
    const { recordActivity } = await import('../../src/server/services/activity/record-activity');
    const { withRequestContext } = await import('../../src/server/lib/request-context');
    const owner = await signUp(t.app, { companyName: 'Acted For Co' });
    const other = await signUp(t.app, { companyName: 'Bystander Co' });
    await withRequestContext({ impersonation: { operatorUserId: 'op-1', operatorName: 'Olivia Operator', ownerUserId: owner.user.id }, operatorAudited: false }, async () => {
      await recordActivity(t.app.ctx.db, { type: 'test.owner_row', actorUserId: owner.user.id });
      await recordActivity(t.app.ctx.db, { type: 'test.other_row', actorUserId: other.user.id });
      await recordActivity(t.app.ctx.db, { type: 'test.system_row' });
    });
    expect((await activity('test.owner_row'))[0]!.detail).toEqual({ impersonatedBy: 'op-1', operatorName: 'Olivia Operator' });
    expect((await activity('test.other_row'))[0]!.detail).toEqual({});
    expect((await activity('test.system_row'))[0]!.detail).toEqual({});
  });
});
