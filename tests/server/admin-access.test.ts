import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { useTestApp, postJson, signUp } from '../support/test-app';
import { latestCookies, makeAdmin, saveSettings, send } from './admin-support';

const t = useTestApp();

/** Every back-office route with a body that passes validation. */
const adminRoutes: [('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'), string, unknown?][] = [
  ['GET', '/api/admin/businesses'],
  ['GET', '/api/admin/businesses/some-id'],
  ['POST', '/api/admin/businesses', { companyName: 'X', ownerName: 'Y', email: 'x@example.com', phone: '', plan: 'starter', status: 'trial' }],
  ['PUT', '/api/admin/businesses/some-id', { companyName: 'X', ownerName: 'Y', email: 'x@example.com', phone: '', plan: 'starter', status: 'trial' }],
  ['POST', '/api/admin/businesses/some-id/status', { status: 'suspended' }],
  ['DELETE', '/api/admin/businesses/some-id'],
  ['POST', '/api/admin/businesses/some-id/password-link', {}],
  ['POST', '/api/admin/businesses/some-id/impersonate', {}],
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/analytics?days=7'],
  ['GET', '/api/admin/analytics/export?days=7'],
  ['GET', '/api/admin/settings'],
  ['PUT', '/api/admin/settings', { settings: {} }],
  ['GET', '/api/admin/email-templates'],
  ['PUT', '/api/admin/email-templates/welcome', { subject: 'Hi', body: 'Hello' }],
  ['DELETE', '/api/admin/email-templates/welcome'],
  ['POST', '/api/admin/email-templates/welcome/preview', { subject: 'Hi', body: 'Hello' }],
  ['POST', '/api/admin/email-templates/welcome/test', {}],
  ['GET', '/api/admin/inbox/contact'],
  ['GET', '/api/admin/inbox/waitlist'],
  ['PATCH', '/api/admin/inbox/contact/00000000-0000-4000-8000-000000000000', { status: 'handled' }],
  ['GET', '/api/admin/activity'],
  ['GET', '/api/admin/session'],
];

describe('back-office access', () => {
  it('answers 401 to anonymous callers and 403 to business owners on every admin route', async () => {
    const { cookie } = await signUp(t.app);
    for (const [method, url, body] of adminRoutes) {
      const anon = await send(t.app, method, url, undefined, body);
      expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
      expect(anon.json().error.code).toBe('unauthorized');
      const owner = await send(t.app, method, url, cookie, body);
      expect(owner.statusCode, `${method} ${url} owner`).toBe(403);
      expect(owner.json().error.code).toBe('forbidden');
    }
  });

  it('lets an operator in', async () => {
    const admin = await makeAdmin(t);
    for (const url of ['/api/admin/businesses', '/api/admin/dashboard', '/api/admin/analytics', '/api/admin/settings', '/api/admin/activity', '/api/admin/session']) {
      const res = await send(t.app, 'GET', url, admin.cookie);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it("refuses the admin plugin's endpoints over HTTP: operator actions go through the audited back office", async () => {
    const admin = await makeAdmin(t);
    const { user } = await signUp(t.app);
    const res = await postJson(t.app, '/api/auth/admin/impersonate-user', { userId: user.id }, admin.cookie);
    expect(res.statusCode).toBe(403);
    const ban = await postJson(t.app, '/api/auth/admin/set-role', { userId: user.id, role: 'admin' }, admin.cookie);
    expect(ban.statusCode).toBe(403);
  });
});

describe('IP allow-list for the back office', () => {
  it('refuses a lock-out, then answers 403 to addresses outside the list when IP restriction is on', async () => {
    const admin = await makeAdmin(t);
    const lockout = await saveSettings(t, admin.cookie, { security: { ipRestriction: true, allowedIps: '10.9.9.9' } }, undefined, '10.1.1.1');
    expect(lockout.statusCode).toBe(400);
    expect(lockout.json().error.code).toBe('ip_lockout');
    const empty = await saveSettings(t, admin.cookie, { security: { ipRestriction: true, allowedIps: '' } }, undefined, '10.1.1.1');
    expect(empty.statusCode).toBe(400);

    const saved = await saveSettings(t, admin.cookie, { security: { ipRestriction: true, allowedIps: '10.1.1.0/24, 2001:db8::1' } }, undefined, '10.1.1.1');
    expect(saved.statusCode).toBe(200);
    expect((await send(t.app, 'GET', '/api/admin/dashboard', admin.cookie, undefined, '10.1.1.77')).statusCode).toBe(200);
    const outside = await send(t.app, 'GET', '/api/admin/dashboard', admin.cookie, undefined, '10.2.0.1');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.code).toBe('ip_not_allowed');
    // The web pages of the back office too; the rest of the site is not affected.
    expect((await t.app.inject({ url: '/admin/dashboard', remoteAddress: '10.2.0.1' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/health', remoteAddress: '10.2.0.1' })).statusCode).toBe(200);

    const off = await saveSettings(t, admin.cookie, { security: { ipRestriction: false } }, undefined, '10.1.1.1');
    expect(off.statusCode).toBe(200);
    expect((await send(t.app, 'GET', '/api/admin/dashboard', admin.cookie, undefined, '10.2.0.1')).statusCode).toBe(200);
  });
});

describe('two-factor sign-in for operators', () => {
  it('when required, sends an operator without 2FA to set it up, then asks for the code at every sign-in', async () => {
    const admin = await makeAdmin(t);
    expect((await saveSettings(t, admin.cookie, { security: { twoFactorAuthRequired: true } })).statusCode).toBe(200);

    // Until set up: the back office answers 403 two_factor_setup_required; the session route says why.
    const blocked = await send(t.app, 'GET', '/api/admin/dashboard', admin.cookie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('two_factor_setup_required');
    const state = await send(t.app, 'GET', '/api/admin/session', admin.cookie);
    expect(state.json()).toEqual({ twoFactor: { required: true, enabled: false } });

    // Set up: enable (password), then verify a code from the authenticator.
    const enable = await postJson(t.app, '/api/auth/two-factor/enable', { password: admin.password, issuer: 'StatusLink' }, admin.cookie);
    expect(enable.statusCode).toBe(200);
    const totp = OTPAuth.URI.parse(enable.json().totpURI as string) as OTPAuth.TOTP;
    const verify = await postJson(t.app, '/api/auth/two-factor/verify-totp', { code: totp.generate() }, admin.cookie);
    expect(verify.statusCode).toBe(200);
    const cookie = latestCookies(verify);
    expect((await send(t.app, 'GET', '/api/admin/dashboard', cookie)).statusCode).toBe(200);

    // While required, the operator cannot turn it off.
    const disable = await postJson(t.app, '/api/auth/two-factor/disable', { password: admin.password }, cookie);
    expect(disable.statusCode).toBe(403);

    // Next sign-in: the password alone gives no session, the code does.
    const first = await postJson(t.app, '/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    expect(first.statusCode).toBe(200);
    expect(first.json().twoFactorRedirect).toBe(true);
    const pending = latestCookies(first);
    expect((await send(t.app, 'GET', '/api/admin/dashboard', pending)).statusCode).toBe(401);
    const wrong = await postJson(t.app, '/api/auth/two-factor/verify-totp', { code: '000000' }, pending);
    expect(wrong.statusCode).toBe(401);
    const second = await postJson(t.app, '/api/auth/two-factor/verify-totp', { code: totp.generate() }, pending);
    expect(second.statusCode).toBe(200);
    expect((await send(t.app, 'GET', '/api/admin/dashboard', latestCookies(second))).statusCode).toBe(200);

    expect((await saveSettings(t, latestCookies(second), { security: { twoFactorAuthRequired: false } })).statusCode).toBe(200);
  });
});
