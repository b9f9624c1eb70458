import { beforeAll, describe, expect, it } from 'vitest';
import { liftBusinessApiLimits, request } from '../support/sheets';
import { cookieFrom, useTestApp, postJson, signUp } from '../support/test-app';

// The business app's account page (issue 6, item 9): the owner's profile (GET and PATCH /api/v1/me), the plan
// and trial, and the password change through better-auth.

const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});

const profile = { companyName: 'Lighthouse Bookkeeping', ownerName: 'Ada Lovelace', phone: '+44 20 7946 0000', timeZone: 'Europe/London' };
const me = (cookie: string) => request(t.app, 'GET', '/api/v1/me', cookie);
const patchMe = (cookie: string, body: unknown) => request(t.app, 'PATCH', '/api/v1/me', cookie, body);

describe('account profile', () => {
  it('shows the plan and the trial end, and saves the profile', async () => {
    const owner = await signUp(t.app, { plan: 'professional' });
    const before = (await me(owner.cookie)).json();
    expect(before.business).toMatchObject({ plan: 'professional', status: 'trial', companyName: owner.body.companyName, timeZone: 'America/New_York' });
    const trialDays = (new Date(before.business.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13);
    expect(trialDays).toBeLessThanOrEqual(14);

    const res = await patchMe(owner.cookie, { ...profile, companyName: '  Lighthouse Bookkeeping  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().business).toMatchObject(profile);
    expect(res.json().user.name).toBe('Ada Lovelace');
    const after = (await me(owner.cookie)).json();
    expect(after.business).toMatchObject({ ...profile, plan: 'professional' });
    expect(after.user.name).toBe('Ada Lovelace');
    // A zone name the database no longer knows (Intl still accepts it) is saved by its canonical name.
    const alias = await patchMe(owner.cookie, { ...profile, timeZone: 'US/Pacific-New' });
    expect(alias.statusCode).toBe(200);
    expect((await me(owner.cookie)).json().business.timeZone).toBe('America/Los_Angeles');
  });

  it('reports each invalid field with the sign-up messages', async () => {
    const owner = await signUp(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...profile, companyName: '   ' }, 'Company name is required'],
      [{ ...profile, ownerName: '' }, 'Owner name is required'],
      [{ ...profile, phone: '' }, 'Phone number is required'],
      [{ ...profile, timeZone: 'Mars/Olympus_Mons' }, 'Please choose a valid time zone'],
      [{ ...profile, companyName: 'x'.repeat(201) }, 'Must be at most 200 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await patchMe(owner.cookie, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error' });
      expect(res.json().error.message).toContain(message.slice(0, 20));
    }
    const { timeZone: _tz, ...missing } = profile;
    expect((await patchMe(owner.cookie, missing)).statusCode).toBe(400);
    // Nothing was saved.
    expect((await me(owner.cookie)).json().business.companyName).toBe(owner.body.companyName);
  });

  it('changes only the signed-in owner’s business; anonymous callers get 401', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app, { companyName: 'Other Firm' });
    expect((await patchMe(a.cookie, profile)).statusCode).toBe(200);
    expect((await me(b.cookie)).json().business).toMatchObject({ companyName: 'Other Firm', ownerName: b.body.name });
    const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' }, payload: JSON.stringify(profile) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is documented in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/v1/me'].patch.requestBody).toBeDefined();
  });
});

describe('account password change', () => {
  it('applies the platform policy, needs the current password and ends the other sessions', async () => {
    const { body, cookie: other } = await signUp(t.app);
    const signIn = await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: body.password });
    const cookie = cookieFrom(signIn);
    const weak = await postJson(t.app, '/api/auth/change-password', { currentPassword: body.password, newPassword: 'short' }, cookie);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toBe('Password must be at least 8 characters');
    const wrong = await postJson(t.app, '/api/auth/change-password', { currentPassword: 'Not-my-password-9', newPassword: 'Brand-New-Lantern-8' }, cookie);
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    const ok = await postJson(t.app, '/api/auth/change-password', { currentPassword: body.password, newPassword: 'Brand-New-Lantern-8' }, cookie);
    expect(ok.statusCode).toBe(200);
    expect((await me(cookieFrom(ok) || cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    const again = await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: 'Brand-New-Lantern-8' });
    expect(again.statusCode).toBe(200);
  });
});
