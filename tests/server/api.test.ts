import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityEvents, businessProfiles, users } from '../../src/server/db/schema';
import { cookieFrom, startTestApp, useTestApp, postJson, signUp } from '../support/test-app';

const t = useTestApp();

async function makeAdmin() {
  const { body, user } = await signUp(t.app);
  await t.app.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  const res = await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: body.password });
  return cookieFrom(res);
}

describe('GET /api/v1/me', () => {
  it('answers 401 without a session, in the one error shape', async () => {
    const res = await t.app.inject({ url: '/api/v1/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Please sign in to continue.' } });
  });
});

describe('GET /api/admin/businesses', () => {
  it('answers 401 anonymous, 403 to a business owner and the list to an admin', async () => {
    const anon = await t.app.inject({ url: '/api/admin/businesses' });
    expect(anon.statusCode).toBe(401);
    const { cookie, body } = await signUp(t.app);
    const owner = await t.app.inject({ url: '/api/admin/businesses', headers: { cookie } });
    expect(owner.statusCode).toBe(403);
    expect(owner.json().error.code).toBe('forbidden');
    const admin = await t.app.inject({ url: '/api/admin/businesses', headers: { cookie: await makeAdmin() } });
    expect(admin.statusCode).toBe(200);
    const list = admin.json();
    expect(list.total).toBe(list.businesses.length);
    expect(list.businesses.find((b: { email: string }) => b.email === body.email)).toMatchObject({
      companyName: body.companyName,
      ownerName: body.name,
      plan: body.plan,
      status: 'trial',
    });
  });
});

describe('suspension and audit', () => {
  it('refuses sign-in to a suspended business', async () => {
    const { body, user } = await signUp(t.app);
    await t.app.ctx.db.update(businessProfiles).set({ status: 'suspended' }).where(eq(businessProfiles.userId, user.id));
    const res = await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: body.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('This account is suspended. Please contact support.');
  });

  it('logs sign-ins and failed sign-ins', async () => {
    const { body, user } = await signUp(t.app);
    await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: 'Wrong-password-12' });
    await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: body.password });
    const rows = await t.app.ctx.db.select().from(activityEvents);
    expect(rows.some((r) => r.type === 'auth.sign_in_failed' && r.detail.email === body.email)).toBe(true);
    expect(rows.some((r) => r.type === 'auth.sign_in' && r.actorUserId === user.id)).toBe(true);
    expect(rows.some((r) => r.type === 'auth.sign_up' && r.actorUserId === user.id)).toBe(true);
  });

  it('gives operators the shorter admin session lifetime', async () => {
    const cookie = await makeAdmin();
    const res = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    const hours = (new Date(res.json().session.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
  });
});

describe('platform plumbing', () => {
  it('checks the database in /api/health', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('publishes OpenAPI with the contract paths, and the docs page', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/v1/me', '/api/admin/businesses', '/api/health']) {
      expect(paths).toContain(p);
    }
    const docs = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('sends security headers with a CSP', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain('frame-ancestors');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http here
    // An API answer is no page: its policy allows nothing, and page-only headers are left out.
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    // The API's own HTML page (the OpenAPI viewer) keeps a policy it can run under.
    const docs = await t.app.inject({ url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(String(docs.headers['content-security-policy'])).not.toContain("default-src 'none'");
    expect(String(docs.headers['content-security-policy'])).toContain("base-uri 'none'");
    expect(String(docs.headers['content-security-policy'])).not.toContain("base-uri 'self'");
  });

  it('sends HSTS and Secure cookies behind https', async () => {
    const s = await startTestApp({ APP_URL: 'https://status.example.com' });
    const res = await s.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    const signup = await s.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://status.example.com', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'secure@example.com', password: 'Harbour-Lights-42', name: 'S', companyName: 'S Co', phone: '1', acceptTerms: true }),
    });
    expect(signup.statusCode).toBe(200);
    await s.app.ctx.afterAnswer.settled();
    const signIn = await s.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://status.example.com', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'secure@example.com', password: 'Harbour-Lights-42' }),
    });
    const cookie = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []).find((c) => c.includes('session_token'))!;
    expect(cookie).toMatch(/^__Secure-/);
    expect(cookie).toMatch(/; Secure/i);
  }, 60_000);

  it('answers unknown API paths and oversize bodies in the error shape', async () => {
    const missing = await t.app.inject({ url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    const big = await postJson(t.app, '/api/auth/sign-in/email', { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('payload_too_large');
  });

  it('lists the configured sign-in providers and the password policy', async () => {
    const res = await t.app.inject({ url: '/api/public/config' });
    expect(res.json()).toEqual({
      platformName: 'StatusLink',
      oauthProviders: [],
      passwordPolicy: { minLength: 8, requireNumber: true, requireSpecial: true },
      trialDays: 14,
      contact: { salesEmail: null, supportEmail: null },
      uploadMaxMb: 20,
    });
    const g = await startTestApp({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect((await g.app.inject({ url: '/api/public/config' })).json().oauthProviders).toEqual(['google']);
  });
});
