import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeGoogleSheets, type FakeGoogleSheets } from '../support/fake-google-sheets';
import { businessWithPortal, fixtureSheet, liftBusinessApiLimits, postCsv, request, sheetUrl } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// Many requests per test; the default 20 s is tight on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

// Security 13: one business can neither read nor change another's portals, clients or sync history, whatever
// ids it sends. Every portal endpoint answers 404 for another business's portal id, exactly as for an unknown id.

let google: FakeGoogleSheets;
beforeAll(async () => {
  google = await startFakeGoogleSheets();
  google.set('tenancy-sheet', { kind: 'csv', body: fixtureSheet('tax-preparer.csv') });
});
afterAll(async () => {
  await google.close();
});
const t = useTestApp(() => ({ GOOGLE_SHEETS_BASE_URL: google.baseUrl }));
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});

const mapping = { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 };

describe('another business’s portal id', () => {
  it('gets 404 on every endpoint, and the owner’s data is unchanged', async () => {
    const owner = await businessWithPortal(t.app);
    const connect = await request(t.app, 'PUT', `/api/v1/portals/${owner.portalId}/source`, owner.cookie, {
      type: 'google_sheet',
      sheetUrl: sheetUrl('tenancy-sheet'),
      columnMapping: mapping,
    });
    expect(connect.statusCode).toBe(200);
    const other = await businessWithPortal(t.app);
    const id = owner.portalId;
    const attempts = [
      () => request(t.app, 'GET', `/api/v1/portals/${id}`, other.cookie),
      () => request(t.app, 'PATCH', `/api/v1/portals/${id}`, other.cookie, { name: 'Taken over' }),
      () => request(t.app, 'DELETE', `/api/v1/portals/${id}`, other.cookie),
      () => request(t.app, 'POST', `/api/v1/portals/${id}/source/analyze`, other.cookie, { sheetUrl: sheetUrl('tenancy-sheet') }),
      () => request(t.app, 'PUT', `/api/v1/portals/${id}/source`, other.cookie, { type: 'google_sheet', sheetUrl: sheetUrl('tenancy-sheet'), columnMapping: mapping }),
      () => postCsv(t.app, `/api/v1/portals/${id}/import`, other.cookie, 'Name,Email,Status\nEve,eve@x.co,Pending\n'),
      () => postCsv(t.app, `/api/v1/portals/${id}/import?confirmDrop=true`, other.cookie, 'Name,Email,Status\nEve,eve@x.co,Pending\n'),
      () => postCsv(t.app, `/api/v1/portals/${id}/import/analyze`, other.cookie, 'Name,Email,Status\nEve,eve@x.co,Pending\n'),
      () => request(t.app, 'GET', `/api/v1/portals/${id}/import/file`, other.cookie),
      () => request(t.app, 'POST', `/api/v1/portals/${id}/import/file/analyze`, other.cookie, {}),
      () => request(t.app, 'POST', `/api/v1/portals/${id}/import/file/apply`, other.cookie, { slot: 'held', confirmDrop: true }),
      () => request(t.app, 'POST', `/api/v1/portals/${id}/sync`, other.cookie, { confirmDrop: true }),
      () => request(t.app, 'GET', `/api/v1/portals/${id}/syncs`, other.cookie),
      () => request(t.app, 'GET', `/api/v1/portals/${id}/clients`, other.cookie),
      () => request(t.app, 'GET', `/api/v1/portals/${id}/clients?removed=true`, other.cookie),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toEqual({ code: 'not_found', message: 'Portal not found.' });
    }
    // An unknown id reads the same.
    const unknown = await request(t.app, 'GET', '/api/v1/portals/portal_zzzzzzzzz', other.cookie);
    expect(unknown.json()).toEqual((await request(t.app, 'GET', `/api/v1/portals/${id}`, other.cookie)).json());

    const mine = await request(t.app, 'GET', `/api/v1/portals/${id}`, owner.cookie);
    expect(mine.json()).toMatchObject({ name: 'Main', clientCount: 12, source: { type: 'google_sheet' } });
    const list = (await request(t.app, 'GET', '/api/v1/portals', other.cookie)).json();
    expect(list.portals.map((p: { portalId: string }) => p.portalId)).toEqual([other.portalId]);
    const runs = (await request(t.app, 'GET', `/api/v1/portals/${id}/syncs`, owner.cookie)).json().syncs;
    expect(runs).toHaveLength(1);
  });

  it('answers 401 to anonymous callers on every endpoint', async () => {
    const owner = await businessWithPortal(t.app);
    for (const [method, url] of [
      ['GET', '/api/v1/portals'],
      ['GET', `/api/v1/portals/${owner.portalId}`],
      ['GET', `/api/v1/portals/${owner.portalId}/clients`],
      ['GET', `/api/v1/portals/${owner.portalId}/syncs`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    const post = await t.app.inject({ method: 'POST', url: `/api/v1/portals/${owner.portalId}/sync`, headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' }, payload: '{}' });
    expect(post.statusCode).toBe(401);
  });
});
