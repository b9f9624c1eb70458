import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultPlatformSettings } from '../../src/core/validation/admin-settings';
import { activityEvents, businessProfiles, platformSettings } from '../../src/server/db/schema';
import { getPlatformSecret } from '../../src/server/services/platform-settings/platform-secrets';
import { useTestApp, postJson, signUp, signupBody, TEST_ORIGIN } from '../support/test-app';
import { latestCookies, makeAdmin, saveSettings, send } from './admin-support';

let admin: Awaited<ReturnType<typeof makeAdmin>>;
const t = useTestApp();
beforeAll(async () => {
  admin = await makeAdmin(t);
});
beforeEach(async () => {
  // Each test starts from the defaults.
  expect((await saveSettings(t, admin.cookie, {})).statusCode).toBe(200);
});

describe('GET and PUT /api/admin/settings', () => {
  it('returns the defaults, saves a valid change and logs it in the activity log', async () => {
    const get = await send(t.app, 'GET', '/api/admin/settings', admin.cookie);
    expect(get.json().settings).toEqual(JSON.parse(JSON.stringify(defaultPlatformSettings)));
    const res = await saveSettings(t, admin.cookie, { general: { platformName: 'ClientDesk', supportEmail: 'help@clientdesk.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.general).toMatchObject({ platformName: 'ClientDesk', supportEmail: 'help@clientdesk.example' });
    const config = (await t.app.inject({ url: '/api/public/config' })).json();
    expect(config.platformName).toBe('ClientDesk');
    // The public site shows the addresses that are set, and offers none that is not.
    expect(config.contact).toEqual({ supportEmail: 'help@clientdesk.example', salesEmail: null });
    const [event] = (await t.app.ctx.db.select().from(activityEvents)).filter((e) => e.type === 'admin.settings_changed').slice(-1);
    expect(event!.actorUserId).toBe(admin.id);
    expect(event!.detail.changed).toEqual(['general.platformName', 'general.supportEmail']);
  });

  it('refuses values outside the bounds of each control, with the message', async () => {
    const cases: [Parameters<typeof saveSettings>[2], string][] = [
      [{ general: { trialDays: 91 } }, 'Trial days must be between 0 and 90'],
      [{ api: { maxApiCalls: 99 } }, 'Max API calls per day must be between 100 and 10000'],
      [{ api: { rateLimit: 301 } }, 'Rate limit per minute must be between 10 and 300'],
      [{ security: { passwordMinLength: 5 } }, 'Minimum password length must be between 6 and 32'],
      [{ security: { jwtExpiryHours: 169 } }, 'Session lifetime (hours) must be between 1 and 168'],
      [{ security: { adminJwtExpiryHours: 25 } }, 'Admin session lifetime (hours) must be between 1 and 24'],
      [{ email: { trialEndingReminderDays: 11 } }, 'Trial reminder days must be between 1 and 10'],
      [{ general: { supportEmail: 'not-an-email' } }, 'Please enter a valid email address'],
      [{ security: { allowedIps: '300.1.1.1' } }, 'Enter IP addresses (optionally with /prefix) separated by commas'],
    ];
    for (const [patch, message] of cases) {
      const res = await saveSettings(t, admin.cookie, patch);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('stores API keys encrypted and only ever shows them masked', async () => {
    const key = 'AIzaSy-very-secret-google-key-1234';
    const res = await send(t.app, 'PUT', '/api/admin/settings', admin.cookie, { settings: defaultPlatformSettings, secrets: { googleSheetsApiKey: key, stripeApiKey: 'sk_short' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(key);
    expect(res.json().secrets.googleSheetsApiKey).toEqual({ configured: true, masked: '••••••••1234' });
    expect(res.json().secrets.stripeApiKey).toEqual({ configured: true, masked: '••••••••' });
    expect(res.json().secrets.sendgridApiKey).toEqual({ configured: false, masked: null });
    const [row] = await t.app.ctx.db.select().from(platformSettings).where(eq(platformSettings.id, 1));
    expect(JSON.stringify(row!.data)).not.toContain(key);
    expect(JSON.stringify(row!.data)).not.toContain('sk_short');
    expect(await getPlatformSecret(t.app.ctx.db, t.env.BETTER_AUTH_SECRET!, 'googleSheetsApiKey')).toBe(key);
    // Saving without secrets keeps them; null removes one.
    await saveSettings(t, admin.cookie, { general: { trialDays: 10 } });
    expect(await getPlatformSecret(t.app.ctx.db, t.env.BETTER_AUTH_SECRET!, 'googleSheetsApiKey')).toBe(key);
    const cleared = await send(t.app, 'PUT', '/api/admin/settings', admin.cookie, { settings: defaultPlatformSettings, secrets: { googleSheetsApiKey: null } });
    expect(cleared.json().secrets.googleSheetsApiKey.configured).toBe(false);
    // Activity names the key that changed, never its value.
    const events = (await t.app.ctx.db.select().from(activityEvents)).filter((e) => e.type === 'admin.settings_changed');
    expect(JSON.stringify(events)).not.toContain(key);
  });

  it('keeps the Google Sheets and Stripe switches truthful: sheets need no key (on), billing is not connected (off)', async () => {
    const res = await saveSettings(t, admin.cookie, { api: { googleSheetsEnabled: false, stripeEnabled: true, sendgridEnabled: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.api).toMatchObject({ googleSheetsEnabled: true, stripeEnabled: false, sendgridEnabled: true });
    const [event] = (await t.app.ctx.db.select().from(activityEvents)).filter((e) => e.type === 'admin.settings_changed').slice(-1);
    expect(event!.detail.changed).toEqual(['api.sendgridEnabled']);
    // A value stored before (or by hand) reads the same.
    const [row] = await t.app.ctx.db.select().from(platformSettings).where(eq(platformSettings.id, 1));
    const data = row!.data as { api: Record<string, unknown> };
    await t.app.ctx.db.update(platformSettings).set({ data: { ...data, api: { ...data.api, stripeEnabled: true } } }).where(eq(platformSettings.id, 1));
    expect((await send(t.app, 'GET', '/api/admin/settings', admin.cookie)).json().settings.api.stripeEnabled).toBe(false);
  });

  it('says which way e-mail goes: the server log without SMTP_URL or SendGrid', async () => {
    const res = await send(t.app, 'GET', '/api/admin/settings', admin.cookie);
    expect(res.json().mail).toEqual({ via: 'log', label: 'server log only', from: 'no-reply@statuslink.app', notes: [] });
  });
});

describe('maintenance mode', () => {
  it('answers 503 to everyone but operators, except health, auth, public config and the back office', async () => {
    const { cookie } = await signUp(t.app);
    expect((await saveSettings(t, admin.cookie, { general: { maintenanceMode: true } })).statusCode).toBe(200);

    const owner = await send(t.app, 'GET', '/api/v1/me', cookie);
    expect(owner.statusCode).toBe(503);
    expect(owner.json().error.code).toBe('maintenance');
    expect((await t.app.inject({ url: '/api/v1/me' })).statusCode).toBe(503);
    expect((await send(t.app, 'GET', '/api/v1/me', admin.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/public/config' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/public/maintenance' })).json()).toMatchObject({ maintenanceMode: true });
    expect((await send(t.app, 'GET', '/api/admin/dashboard', admin.cookie)).statusCode).toBe(200);
    // Operators can still sign in.
    expect((await postJson(t.app, '/api/auth/sign-in/email', { email: admin.email, password: admin.password })).statusCode).toBe(200);

    expect((await saveSettings(t, admin.cookie, { general: { maintenanceMode: false } })).statusCode).toBe(200);
    expect((await send(t.app, 'GET', '/api/v1/me', cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/public/maintenance' })).json()).toMatchObject({ maintenanceMode: false });
  });
});

describe('sign-up and password settings', () => {
  it('gives new sign-ups the trial days and, when none is chosen, the default plan', async () => {
    await saveSettings(t, admin.cookie, { general: { trialDays: 30, defaultPlan: 'business' } });
    const { user } = await signUp(t.app, { plan: undefined });
    const [profile] = await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.userId, user.id));
    expect(profile!.plan).toBe('business');
    expect(profile!.status).toBe('trial');
    const days = (profile!.trialEndsAt!.getTime() - profile!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 2);
    expect((await t.app.inject({ url: '/api/public/config' })).json().trialDays).toBe(30);
  });

  it('applies the password policy at sign-up and at password change', async () => {
    await saveSettings(t, admin.cookie, { security: { passwordMinLength: 12, passwordRequireNumber: true, passwordRequireSpecial: false } });
    const short = await postJson(t.app, '/api/auth/sign-up/email', signupBody({ password: 'Harbour-42' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Password must be at least 12 characters');
    const noNumber = await postJson(t.app, '/api/auth/sign-up/email', signupBody({ password: 'HarbourLightsAtNight' }));
    expect(noNumber.json().error.message).toBe('Password must contain a number');
    const accepted = signupBody({ password: 'HarbourLights2026' });
    expect((await postJson(t.app, '/api/auth/sign-up/email', accepted)).statusCode).toBe(200);
    const ok = await postJson(t.app, '/api/auth/sign-in/email', { email: accepted.email, password: accepted.password });
    expect(ok.statusCode).toBe(200);

    const change = await postJson(t.app, '/api/auth/change-password', { currentPassword: 'HarbourLights2026', newPassword: 'Short-1' }, latestCookies(ok));
    expect(change.statusCode).toBe(400);
    expect(change.json().error.message).toBe('Password must be at least 12 characters');
    const good = await postJson(t.app, '/api/auth/change-password', { currentPassword: 'HarbourLights2026', newPassword: 'LighthouseKeeper77' }, latestCookies(ok));
    expect(good.statusCode).toBe(200);
  });

  it('gives business sessions and operator sessions their configured lifetimes', async () => {
    await saveSettings(t, admin.cookie, { security: { jwtExpiryHours: 2, adminJwtExpiryHours: 1 } });
    const { cookie } = await signUp(t.app);
    const owner = (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json();
    const ownerHours = (new Date(owner.session.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(ownerHours).toBeGreaterThan(1.9);
    expect(ownerHours).toBeLessThanOrEqual(2);
    const signIn = await postJson(t.app, '/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    const op = (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: latestCookies(signIn) } })).json();
    const opHours = (new Date(op.session.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(opHours).toBeGreaterThan(0.9);
    expect(opHours).toBeLessThanOrEqual(1);
  });
});

describe('rate limit and daily API calls per business', () => {
  it('answers 429 with Retry-After over the per-minute limit, per business', async () => {
    await saveSettings(t, admin.cookie, { api: { rateLimit: 10 } });
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) codes.push((await send(t.app, 'GET', '/api/v1/anything', a.cookie)).statusCode);
    expect(codes.slice(0, 10).every((c) => c !== 429)).toBe(true);
    const over = await send(t.app, 'GET', '/api/v1/anything', a.cookie);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().error.code).toBe('rate_limited');
    // Another business has its own count; the auth state is not metered.
    expect((await send(t.app, 'GET', '/api/v1/anything', b.cookie)).statusCode).not.toBe(429);
    expect((await send(t.app, 'GET', '/api/v1/me', a.cookie)).statusCode).toBe(200);
  });

  it('does not meter the app’s own screens (the browser marks their calls same-origin)', async () => {
    await saveSettings(t, admin.cookie, { api: { rateLimit: 10 } });
    const a = await signUp(t.app);
    const ownPage = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { origin: TEST_ORIGIN, cookie: a.cookie, 'sec-fetch-site': 'same-origin' } });
    for (let i = 0; i < 30; i += 1) expect((await ownPage('/api/v1/portals')).statusCode).toBe(200);
    // A script's calls still count, and from another site the browser would say cross-site.
    for (let i = 0; i < 10; i += 1) expect((await send(t.app, 'GET', '/api/v1/portals', a.cookie)).statusCode).toBe(200);
    expect((await send(t.app, 'GET', '/api/v1/portals', a.cookie)).statusCode).toBe(429);
    const crossSite = await t.app.inject({ method: 'GET', url: '/api/v1/portals', headers: { cookie: a.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(429);
  });

  it('answers 429 daily_limit_exceeded once the day’s calls are used, until midnight UTC', async () => {
    await saveSettings(t, admin.cookie, { api: { maxApiCalls: 100, rateLimit: 300 } });
    const a = await signUp(t.app);
    for (let i = 0; i < 100; i += 1) expect((await send(t.app, 'GET', '/api/v1/anything', a.cookie)).statusCode).not.toBe(429);
    const over = await send(t.app, 'GET', '/api/v1/anything', a.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('daily_limit_exceeded');
    const retry = Number(over.headers['retry-after']);
    // The day's window was opened at the app's clock (which stands still in tests), so midnight is counted from it.
    const now = t.clock.now();
    const toMidnight = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(Math.ceil(toMidnight) + 1);
  });
});

describe('e-mail settings', () => {
  it('sends the welcome e-mail at sign-up only when enabled, with the sender name and footer', async () => {
    await saveSettings(t, admin.cookie, { email: { welcomeEmailEnabled: true, emailSenderName: 'ClientDesk Team', emailFooterText: 'ClientDesk, 1 Harbour St.' } });
    const before = t.mails.length;
    const { body } = await signUp(t.app, { name: 'Wendy Welcome', companyName: 'Welcome Works' });
    // Beside the confirmation every sign-up gets (its link signs in).
    const welcomes = () => t.mails.slice(before).filter((m) => m.subject.startsWith('Welcome'));
    expect(welcomes()).toHaveLength(1);
    const mail = welcomes()[0]!;
    expect(mail.to).toBe(body.email);
    expect(mail.fromName).toBe('ClientDesk Team');
    expect(mail.subject).toBe('Welcome to StatusLink, Wendy Welcome');
    expect(mail.text).toContain('The account of Welcome Works is ready');
    expect(mail.text).toContain('ClientDesk, 1 Harbour St.');
    expect(mail.html).toContain('ClientDesk, 1 Harbour St.');

    await saveSettings(t, admin.cookie, { email: { welcomeEmailEnabled: false } });
    const count = welcomes().length;
    await signUp(t.app);
    expect(welcomes()).toHaveLength(count);
  });

  it('uses the sender name and footer in the password reset e-mail', async () => {
    await saveSettings(t, admin.cookie, { email: { emailSenderName: 'Reset Desk', emailFooterText: 'Footer for resets' } });
    const { body } = await signUp(t.app);
    await postJson(t.app, '/api/auth/request-password-reset', { email: body.email, redirectTo: '/reset-password' });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(body.email);
    expect(mail.fromName).toBe('Reset Desk');
    expect(mail.text).toContain('Footer for resets');
  });
});
