// Helpers for the back-office suites (tests/server/admin-*.test.ts).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defaultPlatformSettings, type PlatformSettings } from '../../src/core/validation/admin-settings';
import { businessProfiles, users } from '../../src/server/db/schema';
import { cookieFrom, postJson, signUp, TEST_ORIGIN, type AppUnderTest } from '../support/test-app';

/** A business owner turned operator, signed in again; returns the cookie and the account. */
export async function makeAdmin(t: AppUnderTest) {
  const { body, user } = await signUp(t.app, { companyName: 'Operator Desk' });
  await t.app.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  await t.app.ctx.db.delete(businessProfiles).where(eq(businessProfiles.userId, user.id));
  const res = await postJson(t.app, '/api/auth/sign-in/email', { email: body.email, password: body.password });
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieFrom(res), email: body.email, password: body.password, id: user.id };
}

/** A JSON request from our own origin with a cookie. */
export function send(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, body?: unknown, remoteAddress?: string) {
  return app.inject({
    method,
    url,
    remoteAddress,
    headers: {
      origin: TEST_ORIGIN,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

/** Saves settings through the API (deep-merging a patch onto the defaults or `base`). */
export async function saveSettings(
  t: AppUnderTest,
  cookie: string,
  patch: { [G in keyof PlatformSettings]?: Partial<PlatformSettings[G]> },
  base: PlatformSettings = defaultPlatformSettings,
  remoteAddress?: string,
) {
  const settings = {
    general: { ...base.general, ...patch.general },
    api: { ...base.api, ...patch.api },
    security: { ...base.security, ...patch.security },
    email: { ...base.email, ...patch.email },
  };
  return send(t.app, 'PUT', '/api/admin/settings', cookie, { settings }, remoteAddress);
}

/** The business id of an owner. */
export async function businessIdOf(t: AppUnderTest, userId: string): Promise<string> {
  const [row] = await t.app.ctx.db.select({ id: businessProfiles.id }).from(businessProfiles).where(eq(businessProfiles.userId, userId));
  if (!row) throw new Error('no business');
  return row.id;
}

/** The cookies a response sets, the last value of each name winning (as in a browser). */
export function latestCookies(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = (Array.isArray(raw) ? raw : raw ? [raw] : []) as string[];
  const jar = new Map<string, string>();
  for (const c of list) {
    const pair = c.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (pair.endsWith('=')) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}
