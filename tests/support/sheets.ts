import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { platformSettings } from '../../src/server/db/schema';
import { TEST_ORIGIN, nextIp, postJson, signUp } from './test-app';

/** A sheet fixture from tests/fixtures/sheets. */
export function fixtureSheet(name: string): string {
  return fs.readFileSync(new URL(`../fixtures/sheets/${name}`, import.meta.url), 'utf8');
}

/** The address a business would paste for a sheet id (and tab). */
export const sheetUrl = (id: string, gid?: string) => `https://docs.google.com/spreadsheets/d/${id}/edit${gid ? `#gid=${gid}` : ''}`;

/** Lifts the per-business API limits (60/min by default) so a suite can make many calls as one business. */
export async function liftBusinessApiLimits(app: FastifyInstance) {
  const s = await app.ctx.settings.get();
  const data = { ...s, api: { ...s.api, rateLimit: 300, maxApiCalls: 10000 } };
  const [row] = await app.ctx.db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  if (row) await app.ctx.db.update(platformSettings).set({ data }).where(eq(platformSettings.id, 1));
  else await app.ctx.db.insert(platformSettings).values({ id: 1, data });
  app.ctx.settings.invalidate();
}

/** A signed-up business with one portal. */
export async function businessWithPortal(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const owner = await signUp(app, { plan: 'business', ...overrides });
  const res = await postJson(app, '/api/v1/portals', { name: 'Main' }, owner.cookie);
  if (res.statusCode !== 201) throw new Error(`create portal failed: ${res.statusCode} ${res.body}`);
  return { ...owner, portalId: res.json().portalId as string };
}

export function request(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, body?: unknown) {
  return app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { origin: TEST_ORIGIN, cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

/** POST a CSV body to the import endpoint. */
export function postCsv(app: FastifyInstance, url: string, cookie: string, csv: string | Buffer) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'text/csv' },
    payload: csv,
  });
}
