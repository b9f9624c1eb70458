import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { fixtureSheet, businessWithPortal, postCsv, request } from '../support/sheets';
import { TEST_ORIGIN, nextIp } from '../support/test-app';

// Helpers of the public portal's server tests (tests/server/portal-*.test.ts).

/** A business (plan as given) with one portal holding the CSV's clients (the tax preparer's sheet by default). */
export async function portalWithClients(app: FastifyInstance, options: { csv?: string; plan?: string; config?: Record<string, unknown>; companyName?: string } = {}) {
  const owner = await businessWithPortal(app, { plan: options.plan ?? 'business', ...(options.companyName ? { companyName: options.companyName } : {}) });
  const imported = await postCsv(app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, options.csv ?? fixtureSheet('tax-preparer.csv'));
  if (imported.statusCode !== 200) throw new Error(`import failed: ${imported.statusCode} ${imported.body}`);
  if (options.config) await setConfig(app, owner.cookie, owner.portalId, options.config);
  return owner;
}

export async function setConfig(app: FastifyInstance, cookie: string, portalId: string, config: Record<string, unknown>) {
  const res = await request(app, 'PATCH', `/api/v1/portals/${portalId}`, cookie, { config });
  if (res.statusCode !== 200) throw new Error(`config failed: ${res.statusCode} ${res.body}`);
}

/** A lookup as a browser sends it, from the given address (or a new one each time); `cookie`: a signed-in browser's session (the owner's View Portal). */
export function lookup(app: FastifyInstance, portalId: string, body: Record<string, unknown>, ip = nextIp(), cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/public/portals/${encodeURIComponent(portalId)}/lookup`,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
}

export function sendUpdate(app: FastifyInstance, portalId: string, body: Record<string, unknown>, ip = nextIp()) {
  return app.inject({
    method: 'POST',
    url: `/api/public/portals/${encodeURIComponent(portalId)}/updates`,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

export function publicConfig(app: FastifyInstance, portalId: string) {
  return app.inject({ method: 'GET', url: `/api/public/portals/${encodeURIComponent(portalId)}`, remoteAddress: nextIp() });
}

/** The uniform miss (D3). */
export const NOT_FOUND = { error: { code: 'not_found', message: 'No project found. Please check your email/name or contact support.' } };

/** A client's access link made by the business; returns its token. */
export async function accessToken(app: FastifyInstance, cookie: string, portalId: string, clientId: string): Promise<string> {
  const res = await request(app, 'POST', `/api/v1/portals/${portalId}/clients/${encodeURIComponent(clientId)}/access-link`, cookie, {});
  if (res.statusCode !== 201) throw new Error(`access link failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}
