import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, useTestApp, nextIp, signupBody } from '../support/test-app';

// Issue 17 item 2: self-hosting opened by address. Without APP_URL a page is trusted by the server that served it
// (Origin equal to the scheme and Host the request was sent to); with APP_URL, its origin and TRUSTED_ORIGINS.
// Cross-site requests stay refused (security item 9), by our check and by better-auth's.

const send = (app: FastifyInstance, url: string, host: string, origin: string, body: unknown, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    headers: { host, origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });

/** Signs a business up and in through the given address and returns the session cookie. */
async function signUpAt(app: FastifyInstance, host: string, origin: string) {
  const body = { ...signupBody(), acceptTerms: true };
  const res = await send(app, '/api/auth/sign-up/email', host, origin, body);
  expect(res.statusCode, res.body).toBe(200);
  await app.ctx.afterAnswer.settled();
  const signIn = await send(app, '/api/auth/sign-in/email', host, origin, { email: body.email, password: body.password });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return cookieFrom(signIn);
}

describe('APP_URL unset: opened at http://127.0.0.1:3000 or a LAN address', () => {
  const t = useTestApp({ APP_URL: '' });

  it('accepts every form from the origin the page was served from, through our API and better-auth', async () => {
    for (const host of ['127.0.0.1:3000', '192.168.1.20:3000', 'nas.local:8080']) {
      const origin = `http://${host}`;
      const cookie = await signUpAt(t.app, host, origin);
      const rename = await send(t.app, '/api/auth/update-user', host, origin, { name: 'Renamed Owner' }, cookie);
      expect(rename.statusCode, rename.body).toBe(200);
      const profile = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', remoteAddress: nextIp(), headers: { host, origin, cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ companyName: 'Dana & Co', ownerName: 'Dana', phone: '+1 555 0100', timeZone: 'UTC' }) });
      expect(profile.statusCode, profile.body).toBe(200);
    }
  }, 60_000);

  it('still refuses another site, a scheme or port that differs, and the null origin', async () => {
    const host = '192.168.1.20:3000';
    const cookie = await signUpAt(t.app, host, `http://${host}`);
    for (const origin of ['https://evil.example', 'https://192.168.1.20:3000', 'http://192.168.1.20:3001', 'http://localhost:3000', 'null']) {
      const res = await send(t.app, '/api/auth/update-user', host, origin, { name: 'Mallory' }, cookie);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error.code).toBe('invalid_origin');
    }
  });
});

describe('APP_URL set', () => {
  const t = useTestApp({ APP_URL: 'https://status.example.com', TRUSTED_ORIGINS: 'http://192.168.1.20:3000, https://intranet.example.com' });

  it('accepts its origin and the TRUSTED_ORIGINS list, and nothing else even when sent to that host', async () => {
    const cookie = await signUpAt(t.app, 'status.example.com', 'https://status.example.com');
    for (const [host, origin] of [
      ['192.168.1.20:3000', 'http://192.168.1.20:3000'],
      ['intranet.example.com', 'https://intranet.example.com'],
    ]) {
      const res = await send(t.app, '/api/auth/update-user', host!, origin!, { name: 'Trusted' }, cookie);
      expect(res.statusCode, origin).toBe(200);
    }
    const lan = await send(t.app, '/api/auth/update-user', '10.0.0.9:3000', 'http://10.0.0.9:3000', { name: 'Not listed' }, cookie);
    expect(lan.statusCode).toBe(403);
    expect(lan.json().error.code).toBe('invalid_origin');
  });

  it('refuses a TRUSTED_ORIGINS entry that is not an origin, naming it', async () => {
    await expect(createTestApp({ TRUSTED_ORIGINS: 'https://ok.example.com,https://bad.example.com/path' })).rejects.toThrow(/"https:\/\/bad.example.com\/path" is not an origin/);
  });
});
