import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { businessWithPortal, request } from '../support/sheets';
import { startTestApp, useTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

// Addresses that parts of the server would read differently (plugins/security.ts isMalformedRequestUrl).

const t = useTestApp();

describe('request addresses (security 6, 20)', () => {
  // Over a real socket: inject() normalises dot segments itself, a real client need not.
  it('refuses /api/auth/sign-in/./email and the like, so no spelling escapes the per-IP sign-in limit', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const post = (path: string, body: unknown) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const data = JSON.stringify(body);
        const req = http.request(
          { host: '127.0.0.1', port, path, method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.end(data);
      });
    for (const path of [
      '/api/auth/sign-in/./email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/sign-in/%2e/email',
      '/api/auth/x\\..\\sign-in/email',
      `http://127.0.0.1:${port}/api/auth/sign-in/email`,
      '/api/auth/sign-in/email#x',
    ]) {
      const res = await post(path, { email: 'someone@example.com', password: 'Wrong-password-1' });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body), path).toEqual({ error: { code: 'bad_request', message: 'The address is not valid.' } });
    }
  });

  it('answers 400, never 500, to a NUL character in a path or a query', async () => {
    const o = await businessWithPortal(t.app);
    for (const url of [
      '/api/v1/portals/x%00',
      `/api/v1/portals/${o.portalId}/clients/%00`,
      `/api/v1/portals/${o.portalId}/clients?search=%00`,
      `/api/v1/portals/${o.portalId}/card-preview?clientId=%00`,
    ]) {
      expect((await request(t.app, 'GET', url, o.cookie)).statusCode, url).toBe(400);
    }
  });
});

describe('NUL characters in JSON bodies (security 20)', () => {
  it('answers 400, never 500, and still takes a backslash followed by "u0000" as text', async () => {
    const o = await businessWithPortal(t.app, { plan: 'professional' });
    const raw = (body: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/portals', headers: { origin: TEST_ORIGIN, cookie: o.cookie, 'content-type': 'application/json' }, payload: body });
    const nul = await raw('{"name":"a\\u0000b"}');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe('The request holds a NUL character, which no field accepts.');
    const text = await raw('{"name":"C:\\\\u0000 folder"}');
    expect(text.statusCode).toBe(201);
    expect(text.json().name).toBe('C:\\u0000 folder');
    expect((await raw('{"__proto__":{"x":1}}')).statusCode).toBe(400);
    expect((await raw('{"name":"Plain"}')).statusCode).toBe(201);
  });
});

describe('behind a proxy, a client cannot pick its own address (TRUST_PROXY; security 6, 17)', () => {
  const signInFrom = (app: TestApp['app'], forwardedFor: string, i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '127.0.0.1', // the reverse proxy
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      payload: JSON.stringify({ email: `xff${i}@example.com`, password: 'Wrong-password-1' }),
    });

  it.each(['true', '127.0.0.1', 'loopback'])('TRUST_PROXY=%s: a forged left-most X-Forwarded-For entry does not escape the per-IP sign-in limit', async (setting) => {
    const p = await startTestApp({ TRUST_PROXY: setting });
    const statuses: number[] = [];
    // The proxy appends the address it saw (203.0.113.9) to what the client sent.
    for (let i = 0; i < 12; i++) statuses.push((await signInFrom(p.app, `198.51.100.${i + 1}, 203.0.113.9`, i)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    // Another real client behind the same proxy is not held up by that.
    expect((await signInFrom(p.app, '203.0.113.10', 99)).statusCode).toBe(401);
  });
});
