import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { platformSettings } from '../../src/server/db/schema';
import { businessWithPortal, request } from './sheets';
import { nextIp } from './test-app';

/** Creates an API key as the signed-in owner; returns the created key's answer. */
export async function createKey(app: FastifyInstance, cookie: string, body: { name?: string; scope: 'read' | 'write'; expiresAt?: string }) {
  const res = await request(app, 'POST', '/api/v1/api-keys', cookie, { name: 'Integration', ...body });
  if (res.statusCode !== 201) throw new Error(`create key failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; key: string; prefix: string; scope: string; state: string };
}

/** A new owner's portal switched to Managed in StatusLink, with a write key of theirs. */
export async function managedPortalWithKey(app: FastifyInstance) {
  const o = await businessWithPortal(app);
  const res = await request(app, 'PUT', `/api/v1/portals/${o.portalId}/source`, o.cookie, { type: 'managed' });
  if (res.statusCode !== 200 || res.json().portal.source.type !== 'managed') throw new Error(`switch to managed failed: ${res.statusCode} ${res.body}`);
  const { key } = await createKey(app, o.cookie, { scope: 'write' });
  return { ...o, key };
}

/** A request as a script sends it: the key as a bearer token, no cookie, no Origin. */
export function withKey(
  app: FastifyInstance,
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  remoteAddress = nextIp(),
) {
  return app.inject({
    method,
    url,
    remoteAddress,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

/** Sets the platform's API limits (calls per minute per key, calls per day per business). */
export async function setApiLimits(app: FastifyInstance, limits: { rateLimit?: number; maxApiCalls?: number }) {
  const s = await app.ctx.settings.get();
  const data = { ...s, api: { ...s.api, ...limits } };
  const [row] = await app.ctx.db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  if (row) await app.ctx.db.update(platformSettings).set({ data }).where(eq(platformSettings.id, 1));
  else await app.ctx.db.insert(platformSettings).values({ id: 1, data });
  app.ctx.settings.invalidate();
}
