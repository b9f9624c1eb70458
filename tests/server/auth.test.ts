import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authLimits } from '../../src/server/auth/create-auth';
import { businessProfiles, users } from '../../src/server/db/schema';
import { expectConsoleError } from '../setup/fail-on-console-error';
import { cookieFrom, startTestApp, useTestApp, postJson, signUp, signupBody, TEST_ORIGIN } from '../support/test-app';

const TOO_EASY = 'This password is too easy to guess. Please choose a less common one, such as a few unrelated words.';

const t = useTestApp();

describe('sign-up', () => {
  it('answers before the account exists, then creates the user and the business profile together and e-mails a link that signs in', async () => {
    const body = signupBody({ plan: 'business', timeZone: 'Europe/London' });
    const res = await postJson(t.app, '/api/auth/sign-up/email', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'check_email', message: expect.any(String) });
    expect(res.headers['set-cookie']).toBeUndefined();
    await t.app.ctx.afterAnswer.settled();
    const mail = t.mails.find((m) => m.to === body.email && /Confirm your/.test(m.subject));
    expect(mail?.fromName).toBe('StatusLink');
    const link = new URL(/https?:\/\/\S+verify-email\S+/.exec(mail!.text)![0]);
    const confirmed = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/account-created');
    const cookie = cookieFrom(confirmed);
    expect(cookie).toMatch(/session_token=/);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const json = me.json();
    expect(json.user).toMatchObject({ email: body.email, name: 'Dana Owner', role: 'user' });
    expect(json.business).toMatchObject({
      companyName: body.companyName,
      ownerName: 'Dana Owner',
      phone: body.phone,
      plan: 'business',
      timeZone: 'Europe/London',
    });
    const created = new Date(json.business.createdAt).getTime();
    const trialEnd = new Date(json.business.trialEndsAt).getTime();
    expect(Math.round((trialEnd - created) / 86_400_000)).toBe(14);
  });

  it.each([
    [{ companyName: '  ' }, 'Company name is required'],
    [{ name: '' }, 'Owner name is required'],
    [{ phone: '' }, 'Phone number is required'],
    [{ email: 'not-an-email' }, 'Email is invalid'],
    [{ password: 'short1!' }, 'Password must be at least 8 characters'],
    [{ password: 'longenoughpassword!' }, 'Password must contain a number'],
    [{ password: 'longenoughpassword1' }, 'Password must contain a special character'],
    // D6: the terms must be accepted, whatever the client sends.
    [{ acceptTerms: undefined }, 'You must accept the Terms of Service and Privacy Policy'],
    [{ acceptTerms: false }, 'You must accept the Terms of Service and Privacy Policy'],
    [{ password: 'P@ssw0rd' }, TOO_EASY],
    [{ password: 'Password1!' }, TOO_EASY],
    [{ password: 'Password123!' }, TOO_EASY],
    [{ password: 'Qwerty123!' }, TOO_EASY],
    [{ password: 'Passw0rd!' }, TOO_EASY],
    // The account's own words count against it.
    [{ password: 'Brightwater2026!', companyName: 'Brightwater Plumbing' }, TOO_EASY],
  ])('refuses %o with its message and creates nothing', async (override, message) => {
    const body = signupBody(override);
    const res = await postJson(t.app, '/api/auth/sign-up/email', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: expect.any(String), message } });
    if (typeof body.email === 'string' && body.email.includes('@')) {
      const rows = await t.app.ctx.db.select().from(users).where(eq(users.email, body.email));
      expect(rows).toHaveLength(0);
    }
  });

  it('accepts a 64-character password', async () => {
    const password = 'Lanterns drift past 7 quiet harbours while gulls argue over jam!';
    expect(password).toHaveLength(64);
    const res = await postJson(t.app, '/api/auth/sign-up/email', signupBody({ password }));
    expect(res.statusCode).toBe(200);
  });

  it('answers a sign-up with a taken address as with a free one, creates nothing and e-mails the owner instead', async () => {
    const { body } = await signUp(t.app);
    const taken = await postJson(t.app, '/api/auth/sign-up/email', { ...body, companyName: 'Other' });
    const free = await postJson(t.app, '/api/auth/sign-up/email', signupBody());
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toBe(free.body);
    expect(taken.headers['set-cookie']).toBeUndefined();
    await t.app.ctx.afterAnswer.settled();
    const profiles = await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.email, body.email));
    expect(profiles).toHaveLength(1);
    const toOwner = t.mails.filter((m) => m.to === body.email).map((m) => m.subject);
    expect(toOwner.filter((subject) => !subject.startsWith('Welcome'))).toEqual(['Confirm your StatusLink account', 'You already have a StatusLink account']);
    const notice = t.mails.find((m) => m.to === body.email && m.subject.startsWith('You already'))!;
    expect(notice.text).toContain('/forgot-password');
  });

  it('rolls the user back when the business profile cannot be written', async () => {
    expectConsoleError(); // better-auth reports the failed insert
    const body = signupBody({ companyName: 'x'.repeat(10) });
    // Make the profile insert fail inside the transaction: a check constraint added for this test.
    await t.app.ctx.db.execute(
      `alter table business_profiles add constraint test_no_rollback_co check (company_name <> 'Rollback Co')` as never,
    );
    try {
      const res = await postJson(t.app, '/api/auth/sign-up/email', { ...body, companyName: 'Rollback Co' });
      expect(res.statusCode).toBe(200);
      await t.app.ctx.afterAnswer.settled();
      const rows = await t.app.ctx.db.select().from(users).where(eq(users.email, body.email));
      expect(rows).toHaveLength(0);
    } finally {
      await t.app.ctx.db.execute(`alter table business_profiles drop constraint test_no_rollback_co` as never);
    }
  });
});

describe('sign-in and sessions', () => {
  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { body } = await signUp(t.app);
    const wrong = await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: 'Wrong-password-99' });
    const unknown = await postJson(t.app, '/api/auth/sign-in/email', { email: 'nobody-here@example.com', password: 'Wrong-password-99' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ error: { code: 'invalid_email_or_password', message: 'Invalid email or password' } });
  });

  it('issues a new session at each sign-in, and sign-out ends every session (old cookie gets 401)', async () => {
    const { body, cookie: signupCookie } = await signUp(t.app);
    const a = await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: body.password });
    const b = await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: body.password });
    const ca = cookieFrom(a);
    const cb = cookieFrom(b);
    expect(ca).not.toBe(cb);
    expect(ca).not.toBe(signupCookie);
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie: cb } })).statusCode).toBe(200);
    const out = await postJson(t.app, '/api/auth/sign-out', {}, ca);
    expect(out.statusCode).toBe(200);
    for (const c of [ca, cb, signupCookie]) {
      expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie: c } })).statusCode).toBe(401);
    }
  });

  it('sets HttpOnly, SameSite=Lax session cookies', async () => {
    const { body } = await signUp(t.app);
    const res = await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: body.password });
    const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = raw.find((c) => c.includes('session_token='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it('throttles failed sign-ins per account and address: guessing from one address never locks the owner out of their own', async () => {
    const { body } = await signUp(t.app);
    const saved = { ...authLimits };
    // Below the per-IP limit of the sign-in path (10 a minute), so that only the account throttle answers here.
    Object.assign(authLimits, { failedSignInsPerAccountAndAddress: 3, failedSignInsPerAccount: 6 });
    const signInFrom = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: body.email, password }),
      });
    try {
      for (let i = 0; i < 3; i++) expect((await signInFrom('10.0.0.1', `Wrong-password-${i}`)).statusCode).toBe(401);
      const guesser = await signInFrom('10.0.0.1', body.password);
      expect(guesser.statusCode).toBe(429);
      expect(guesser.json().error.code).toBe('too_many_attempts');
      expect(Number(guesser.headers['retry-after'])).toBeGreaterThan(0);
      // The owner, from their own address, signs in.
      expect((await signInFrom('10.0.5.5', body.password)).statusCode).toBe(200);
      // Guesses spread over many addresses still meet the account's own limit, right password or not.
      for (let i = 0; i < 3; i++) expect((await signInFrom(`10.0.1.${i + 1}`, `Wrong-password-${i}`)).statusCode).toBe(401);
      const spread = await signInFrom('10.0.5.5', body.password);
      expect(spread.statusCode).toBe(429);
      expect(spread.json().error.code).toBe('too_many_attempts');
    } finally {
      Object.assign(authLimits, saved);
    }
  });

  it('throttles sign-in attempts per IP', async () => {
    let last;
    for (let i = 0; i < 12; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.9.9.9',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `someone${i}@example.com`, password: 'Wrong-password-1' }),
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['retry-after']).toBeDefined();
    expect(last!.json().error.code).toBe('rate_limited');
  });
});

describe('OAuth accounts (security 11)', () => {
  // Exercising the whole Google flow would need Google's token and key endpoints; what decides the rule is
  // better-auth's account-linking switch, checked on the running instance: an OAuth identity (provider and
  // subject) is never attached to an existing account because the e-mail matches.
  it('never links an OAuth sign-in to an existing account by e-mail', async () => {
    const g = await startTestApp({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(g.app.ctx.auth.options.account?.accountLinking?.enabled).toBe(false);
    expect(Object.keys(g.app.ctx.auth.options.socialProviders ?? {})).toEqual(['google']);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from a foreign origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('invalid_origin');
  });

  it('refuses a plain form post', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.com&password=x',
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a cookie-carrying POST without Origin', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(200);
  });
});
