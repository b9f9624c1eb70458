import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityEvents, apiKeys, businessProfiles } from '../../src/server/db/schema';
import { createKey, setApiLimits, withKey } from '../support/api-keys';
import { businessWithPortal, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// API keys (issue 22, decision 0018): shown once, stored hashed, scoped, revocable, expiring, limited per key,
// never valid for account, key management or the back office, and every use attributable.

const HOUR = 3_600_000;

const t = useTestApp();

const activity = (businessId: string, type: string) =>
  t.app.ctx.db.select().from(activityEvents).where(and(eq(activityEvents.businessId, businessId), eq(activityEvents.type, type)));
const businessOf = async (userId: string) => (await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.userId, userId)))[0]!;

describe('creating and listing keys', () => {
  it('shows the key once, keeps only its hash, and lists it with its first characters', async () => {
    const owner = await businessWithPortal(t.app);
    const created = await createKey(t.app, owner.cookie, { name: 'Practice software', scope: 'read' });
    expect(created.key).toMatch(/^sl_live_[0-9A-Za-z]{36}$/);
    expect(created).toMatchObject({ name: 'Practice software', scope: 'read', state: 'active', prefix: created.key.slice(0, 12), lastUsedAt: null });

    const [row] = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(crypto.createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await request(t.app, 'GET', '/api/v1/api-keys', owner.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json().keys).toEqual([expect.objectContaining({ id: created.id, prefix: created.key.slice(0, 12), state: 'active' })]);
    expect(await activity((await businessOf(owner.user.id)).id, 'api_key.created')).toHaveLength(1);
  });

  it('needs the Business plan or above, a name, and an expiry in the future', async () => {
    const pro = await businessWithPortal(t.app, { plan: 'professional' });
    const refused = await request(t.app, 'POST', '/api/v1/api-keys', pro.cookie, { name: 'x', scope: 'read' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('plan_feature');

    const owner = await businessWithPortal(t.app);
    const noName = await request(t.app, 'POST', '/api/v1/api-keys', owner.cookie, { name: ' ', scope: 'read' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe('Give the key a name');
    const past = await request(t.app, 'POST', '/api/v1/api-keys', owner.cookie, { name: 'x', scope: 'write', expiresAt: new Date(t.clock.nowMs() - 1000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('The expiry date must be in the future');
    const badScope = await request(t.app, 'POST', '/api/v1/api-keys', owner.cookie, { name: 'x', scope: 'admin' });
    expect(badScope.statusCode).toBe(400);
  });
});

describe('calling the business API with a key', () => {
  it('a read key reads; a write key also writes; each acts for its own business only', async () => {
    const owner = await businessWithPortal(t.app);
    const other = await businessWithPortal(t.app);
    const read = await createKey(t.app, owner.cookie, { scope: 'read' });
    const write = await createKey(t.app, owner.cookie, { scope: 'write' });

    const listed = await withKey(t.app, read.key, 'GET', '/api/v1/portals');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().portals.map((p: { portalId: string }) => p.portalId)).toEqual([owner.portalId]);

    const readWrites = await withKey(t.app, read.key, 'PATCH', `/api/v1/portals/${owner.portalId}`, { name: 'Renamed' });
    expect(readWrites.statusCode).toBe(403);
    expect(readWrites.json().error.code).toBe('insufficient_scope');

    const renamed = await withKey(t.app, write.key, 'PATCH', `/api/v1/portals/${owner.portalId}`, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Renamed');

    // Another business's portal is not found, whatever the key.
    expect((await withKey(t.app, write.key, 'GET', `/api/v1/portals/${other.portalId}`)).statusCode).toBe(404);
    expect((await withKey(t.app, write.key, 'PATCH', `/api/v1/portals/${other.portalId}`, { name: 'Mine now' })).statusCode).toBe(404);
    // Nor can one business revoke another's key.
    const otherKey = await createKey(t.app, other.cookie, { scope: 'read' });
    expect((await request(t.app, 'DELETE', `/api/v1/api-keys/${otherKey.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await withKey(t.app, otherKey.key, 'GET', '/api/v1/portals')).statusCode).toBe(200);
  });

  it('never opens account, key management, usage or the back office', async () => {
    const owner = await businessWithPortal(t.app);
    const { key } = await createKey(t.app, owner.cookie, { scope: 'write' });
    for (const [method, url, body] of [
      ['GET', '/api/v1/me', undefined],
      ['PATCH', '/api/v1/me', { companyName: 'Taken over' }],
      ['GET', '/api/v1/api-keys', undefined],
      ['POST', '/api/v1/api-keys', { name: 'another', scope: 'write' }],
      ['GET', '/api/v1/usage', undefined],
      ['GET', '/api/admin/businesses', undefined],
    ] as const) {
      const res = await withKey(t.app, key, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code, `${method} ${url}`).toBe('api_key_not_allowed');
    }
  });

  it('refuses a mistyped, unknown, revoked or expired key with 401', async () => {
    const owner = await businessWithPortal(t.app);
    const { key, id } = await createKey(t.app, owner.cookie, { scope: 'read', expiresAt: new Date(t.clock.nowMs() + HOUR).toISOString() });
    const mistyped = `${key.slice(0, 20)}${key[20] === 'a' ? 'b' : 'a'}${key.slice(21)}`;
    const bad = await withKey(t.app, mistyped, 'GET', '/api/v1/portals');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('invalid_api_key');
    expect(bad.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    // Well-formed (right checksum) but never issued.
    const { formatApiKey } = await import('../../src/core/api-keys');
    expect((await withKey(t.app, formatApiKey('x'.repeat(30)), 'GET', '/api/v1/portals')).json().error.code).toBe('invalid_api_key');

    expect((await withKey(t.app, key, 'GET', '/api/v1/portals')).statusCode).toBe(200);
    t.clock.advance(HOUR);
    const expired = await withKey(t.app, key, 'GET', '/api/v1/portals');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('api_key_expired');
    expect((await request(t.app, 'GET', '/api/v1/api-keys', owner.cookie)).json().keys[0].state).toBe('expired');

    const live = await createKey(t.app, owner.cookie, { scope: 'read' });
    expect((await withKey(t.app, live.key, 'GET', '/api/v1/portals')).statusCode).toBe(200);
    const revoked = await request(t.app, 'DELETE', `/api/v1/api-keys/${live.id}`, owner.cookie);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().state).toBe('revoked');
    const after = await withKey(t.app, live.key, 'GET', '/api/v1/portals');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('api_key_revoked');
    expect(id).not.toBe(live.id);
  });

  it('stops when the business is suspended or leaves the plan', async () => {
    const owner = await businessWithPortal(t.app);
    const { key } = await createKey(t.app, owner.cookie, { scope: 'read' });
    const business = await businessOf(owner.user.id);
    await t.app.ctx.db.update(businessProfiles).set({ plan: 'professional' }).where(eq(businessProfiles.id, business.id));
    const downgraded = await withKey(t.app, key, 'GET', '/api/v1/portals');
    expect(downgraded.statusCode).toBe(403);
    expect(downgraded.json().error.code).toBe('plan_feature');
    await t.app.ctx.db.update(businessProfiles).set({ plan: 'business', status: 'suspended' }).where(eq(businessProfiles.id, business.id));
    expect((await withKey(t.app, key, 'GET', '/api/v1/portals')).json().error.code).toBe('account_suspended');
  });
});

describe('limits and attribution', () => {
  it('limits each key per minute (429 with Retry-After) and the business per day', async () => {
    const owner = await businessWithPortal(t.app);
    const keys = await Promise.all(Array.from({ length: 11 }, () => createKey(t.app, owner.cookie, { scope: 'read' })));
    const [first, second, ...rest] = keys as [(typeof keys)[0], (typeof keys)[0], ...typeof keys];
    await setApiLimits(t.app, { rateLimit: 10, maxApiCalls: 100 });
    try {
      for (let i = 0; i < 10; i += 1) {
        const res = await withKey(t.app, first.key, 'GET', '/api/v1/portals');
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-ratelimit-remaining']).toBe(String(9 - i));
      }
      const limited = await withKey(t.app, first.key, 'GET', '/api/v1/portals');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().error.message).toContain('at most 10 a minute');
      // Another key of the same business has its own minute.
      expect((await withKey(t.app, second.key, 'GET', '/api/v1/portals')).statusCode).toBe(200);

      // The day's calls are the business's: 100 in all, whichever key (and scripts with a session) made them.
      const day = `api-day:${owner.user.id}:${t.clock.now().toISOString().slice(0, 10)}`;
      let calls = (await t.app.ctx.rateStore.peek(day)).count;
      expect(calls).toBeGreaterThanOrEqual(11);
      for (const k of rest) {
        for (let i = 0; i < 10 && calls < 100; i += 1, calls += 1) expect((await withKey(t.app, k.key, 'GET', '/api/v1/portals')).statusCode).toBe(200);
      }
      const overDay = await withKey(t.app, rest[8]!.key, 'GET', '/api/v1/portals');
      expect(overDay.statusCode).toBe(429);
      expect(overDay.json().error.code).toBe('daily_limit_exceeded');
    } finally {
      await setApiLimits(t.app, { rateLimit: 60, maxApiCalls: 1000 });
    }
  });

  it('records last use, one activity row per key and day for reads, and one per write naming the key', async () => {
    const owner = await businessWithPortal(t.app);
    const business = await businessOf(owner.user.id);
    const { key, id } = await createKey(t.app, owner.cookie, { name: 'Zapier', scope: 'write' });
    await withKey(t.app, key, 'GET', '/api/v1/portals', undefined, {}, '203.0.113.7');
    await withKey(t.app, key, 'GET', '/api/v1/portals', undefined, {}, '203.0.113.7');
    const [listed] = (await request(t.app, 'GET', '/api/v1/api-keys', owner.cookie)).json().keys;
    expect(listed).toMatchObject({ lastUsedIp: '203.0.113.7', lastUsedAt: t.clock.now().toISOString() });
    expect(await activity(business.id, 'api_key.used')).toEqual([expect.objectContaining({ detail: { apiKeyId: id, name: 'Zapier', day: t.clock.now().toISOString().slice(0, 10) } })]);

    const renamed = await withKey(t.app, key, 'PATCH', `/api/v1/portals/${owner.portalId}`, { name: 'From the API' });
    expect(renamed.statusCode).toBe(200);
    await expect.poll(async () => (await activity(business.id, 'api_key.write')).length).toBe(1);
    expect((await activity(business.id, 'api_key.write'))[0]!.detail).toEqual({ apiKeyId: id, name: 'Zapier', method: 'PATCH', route: '/api/v1/portals/:portalId', status: 200 });
    // The change's own row (written in its transaction) names the key too.
    expect((await activity(business.id, 'portal.updated'))[0]!.detail).toMatchObject({ apiKeyId: id, apiKeyName: 'Zapier' });

    t.clock.advance(24 * HOUR);
    await withKey(t.app, key, 'GET', '/api/v1/portals', undefined, {}, '198.51.100.2');
    expect(await activity(business.id, 'api_key.used')).toHaveLength(2);
    expect((await request(t.app, 'GET', '/api/v1/api-keys', owner.cookie)).json().keys[0].lastUsedIp).toBe('198.51.100.2');
  });

  it('declares the bearer scheme in the OpenAPI document, on the business routes only', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/portals'].get.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(doc.paths['/api/v1/portals/{portalId}/clients/{clientId}/access-link'].post.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(doc.paths['/api/v1/me'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/v1/api-keys'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/v1/usage'].get.security).toEqual([{ session: [] }]);
  });
});
