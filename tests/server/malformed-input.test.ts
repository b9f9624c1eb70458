import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { businessWithPortal, request } from '../support/sheets';
import { useTestApp, nextIp, signUp, TEST_ORIGIN } from '../support/test-app';

// Issue 25 item 5, security item 34: malformed input of any shape answers 4xx with the error shape, never a 500.

const t = useTestApp();

const raw = (app: FastifyInstance, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: string, cookie?: string) =>
  app.inject({ method, url, remoteAddress: nextIp(), headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload });

const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

describe('malformed JSON', () => {
  const deep = `{"email":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;

  it.each([
    '/api/auth/sign-up/email',
    '/api/auth/sign-in/email',
    '/api/auth/request-password-reset',
    '/api/auth/reset-password',
    '/api/auth/update-user',
    '/api/auth/change-password',
    '/api/auth/sign-out',
    '/api/v1/portals',
    '/api/public/portals/demo/lookup',
  ])('10,000 levels of nesting on %s: 400 with the error shape', async (url) => {
    const res = await raw(t.app, 'POST', url, deep);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorShape);
    expect(res.json().error.message).toBe('The request is nested too deeply (more than 64 levels).');
  });

  it('a name of 1e999999 on update-user: 400, and the name is kept', async () => {
    const { cookie, user } = await signUp(t.app);
    for (const payload of ['{"name":1e999999}', '{"name":5}', '{"name":"  "}', '{"name":"Dana","email":"other@example.com"}', '{"role":"admin"}']) {
      const res = await raw(t.app, 'POST', '/api/auth/update-user', payload, cookie);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual(errorShape);
    }
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Dana Owner', role: 'user' });
    const ok = await raw(t.app, 'POST', '/api/auth/update-user', '{"name":"  Dana Renamed "}', cookie);
    expect(ok.statusCode).toBe(200);
    const [renamed] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(renamed!.name).toBe('Dana Renamed');
  });

  it('a lone surrogate in a portal name: 400, the portal keeps its name', async () => {
    const owner = await businessWithPortal(t.app);
    for (const payload of ['{"name":"\\ud800"}', '{"name":"Tax \\udfff season"}']) {
      const res = await raw(t.app, 'PATCH', `/api/v1/portals/${owner.portalId}`, payload, owner.cookie);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error.message).toBe('The request holds text that is not valid Unicode (a lone surrogate).');
      const created = await raw(t.app, 'POST', '/api/v1/portals', payload, owner.cookie);
      expect(created.statusCode).toBe(400);
    }
    const pair = await raw(t.app, 'PATCH', `/api/v1/portals/${owner.portalId}`, '{"name":"Tax season \\ud83c\\udf89"}', owner.cookie);
    expect(pair.statusCode).toBe(200);
    expect(pair.json().name).toBe('Tax season 🎉');
  });
});

describe('the portal contact e-mail', () => {
  it('takes an e-mail address or nothing; refuses scripts, line breaks and display names', async () => {
    const owner = await businessWithPortal(t.app);
    for (const contactEmail of ['javascript:alert(1)', 'help@example.com\r\nBcc: all@example.com', 'Help <help@example.com>', 'javascript:alert(1)@x.com', 'not an email']) {
      const res = await request(t.app, 'PATCH', `/api/v1/portals/${owner.portalId}`, owner.cookie, { config: { contactEmail } });
      expect(res.statusCode, contactEmail).toBe(400);
      expect(res.json().error.message).toContain('Contact email must be an e-mail address');
    }
    for (const contactEmail of ['help@bright-ledger.com', '  help@bright-ledger.com  ', '']) {
      const res = await request(t.app, 'PATCH', `/api/v1/portals/${owner.portalId}`, owner.cookie, { config: { contactEmail } });
      expect(res.statusCode, contactEmail).toBe(200);
      expect(res.json().config.contactEmail).toBe(contactEmail.trim());
    }
  });
});
