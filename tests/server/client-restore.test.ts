import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../src/core/sheet-template';
import { activityEvents, clients, clientStatusHistory, portals } from '../../src/server/db/schema';
import { acquireSyncLease, releaseSyncLease } from '../../src/server/services/sheet-sync/sync-lease';
import { startFakeGoogleSheets, type FakeGoogleSheets } from '../support/fake-google-sheets';
import { businessWithPortal, fixtureSheet, liftBusinessApiLimits, postCsv, request, sheetUrl } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// Restoring a client a sync removed (issue 4, decision 0022): business-scoped, 409 when not removed, and kept by
// later syncs only while the source is unchanged.
vi.setConfig({ testTimeout: 60_000 });

let google: FakeGoogleSheets;
beforeAll(async () => {
  google = await startFakeGoogleSheets();
});
afterAll(() => google.close());
const t = useTestApp(() => ({ GOOGLE_SHEETS_BASE_URL: google.baseUrl }));
beforeAll(() => liftBusinessApiLimits(t.app));

const MAPPING = { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 };
const taxRows = () => parse(fixtureSheet('tax-preparer.csv')) as string[][];
type Owner = { cookie: string; portalId: string };

let counter = 0;
/** A business whose portal is connected to the tax-preparer sheet, then synced without T-1011. */
async function withRemovedClient() {
  const owner = await businessWithPortal(t.app);
  counter += 1;
  const sheetId = `restore-${counter}-${Date.now()}`;
  google.set(sheetId, { kind: 'csv', body: fixtureSheet('tax-preparer.csv') });
  const res = await request(t.app, 'PUT', `/api/v1/portals/${owner.portalId}/source`, owner.cookie, { type: 'google_sheet', sheetUrl: sheetUrl(sheetId), columnMapping: MAPPING });
  expect(res.statusCode, res.body).toBe(200);
  const without = taxRows().filter((r) => r[0] !== 'T-1011');
  google.set(sheetId, { kind: 'csv', body: toCsv(without) });
  expect((await sync(owner)).json()).toMatchObject({ status: 'ok', removed: 1 });
  return { ...owner, sheetId, without };
}

const sync = (o: Owner) => request(t.app, 'POST', `/api/v1/portals/${o.portalId}/sync`, o.cookie, {});
const restore = (o: Owner, clientId: string, cookie = o.cookie) =>
  request(t.app, 'POST', `/api/v1/portals/${o.portalId}/clients/${encodeURIComponent(clientId)}/restore`, cookie, {});
const list = async (o: Owner, query = '') => (await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/clients?pageSize=200${query}`, o.cookie)).json();
const ids = (page: { clients: { clientId: string }[] }) => page.clients.map((c) => c.clientId);

describe('restoring a removed client', () => {
  it('lists removed clients apart, restores one with its data and queue place, and records it', async () => {
    const o = await withRemovedClient();
    expect(ids(await list(o, '&removed=true'))).toEqual(['T-1011']);
    expect((await list(o)).total).toBe(11);

    const res = await restore(o, 'T-1011');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.client).toMatchObject({ clientId: 'T-1011', removedAt: null });
    expect(body.message).toMatch(/next sync that brings changes from the sheet removes it again/);
    expect((await list(o, '&removed=true')).total).toBe(0);
    const current = await list(o);
    expect(current.total).toBe(12);
    // The queue was recomputed with the client in it: positions 1..n with no gap or repeat.
    const positions = current.clients.map((c: { queuePosition: number | null }) => c.queuePosition).filter((p: number | null) => p !== null).sort((a: number, b: number) => a - b);
    expect(positions).toEqual(positions.map((_: number, i: number) => i + 1));
    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.type, 'client.restored'));
    expect(events.some((e) => (e.detail as { clientId?: string }).clientId === 'T-1011')).toBe(true);
  });

  it('keeps the restore while the sheet is unchanged (also through a full re-read), and removes it again once the sheet changes', async () => {
    const o = await withRemovedClient();
    expect((await restore(o, 'T-1011')).statusCode).toBe(200);
    // Same bytes: the unchanged fast path.
    expect((await sync(o)).json()).toMatchObject({ status: 'ok', removed: 0 });
    // Same sheet read in full (the fingerprint is cleared, as after a manual queue change): still kept.
    await t.app.ctx.db.update(portals).set({ sourceFingerprint: null }).where(eq(portals.id, o.portalId));
    const full = (await sync(o)).json();
    expect(full).toMatchObject({ status: 'ok', removed: 0, imported: 0, updated: 0, unchanged: 12 });
    expect((await list(o)).total).toBe(12);

    // The sheet changes (another client's status): the sheet is the truth again, the restored client goes.
    const changed = o.without.map((r) => (r[0] === 'T-1002' ? r.map((v, i) => (i === 3 ? 'Completed' : v)) : r));
    google.set(o.sheetId, { kind: 'csv', body: toCsv(changed) });
    expect((await sync(o)).json()).toMatchObject({ status: 'ok', updated: 1, removed: 1 });
    expect(ids(await list(o, '&removed=true'))).toEqual(['T-1011']);
  });

  it('keeps the client for good once its row is back in the sheet', async () => {
    const o = await withRemovedClient();
    expect((await restore(o, 'T-1011')).statusCode).toBe(200);
    google.set(o.sheetId, { kind: 'csv', body: toCsv(taxRows()) });
    expect((await sync(o)).json()).toMatchObject({ status: 'ok', removed: 0, restored: 0, imported: 0 });
    const [row] = await t.app.ctx.db
      .select({ contentHash: clients.contentHash })
      .from(clients)
      .where(and(eq(clients.portalId, o.portalId), eq(clients.clientId, 'T-1011')));
    expect(row!.contentHash.startsWith('restored:')).toBe(false);
    // From now on it is an ordinary client: a change elsewhere in the sheet does not remove it.
    const rows = taxRows().map((r) => (r[0] === 'T-1002' ? r.map((v, i) => (i === 3 ? 'Completed' : v)) : r));
    google.set(o.sheetId, { kind: 'csv', body: toCsv(rows) });
    expect((await sync(o)).json()).toMatchObject({ status: 'ok', updated: 1, removed: 0 });
    expect((await list(o)).total).toBe(12);
  });

  it('records the status change when the row comes back changed', async () => {
    const o = await withRemovedClient();
    expect((await restore(o, 'T-1011')).statusCode).toBe(200);
    const oldStatus = taxRows().find((r) => r[0] === 'T-1011')![3];
    const rows = taxRows().map((r) => (r[0] === 'T-1011' ? r.map((v, i) => (i === 3 ? 'Waiting on signature' : v)) : r));
    google.set(o.sheetId, { kind: 'csv', body: toCsv(rows) });
    expect((await sync(o)).json()).toMatchObject({ status: 'ok', updated: 1, removed: 0 });
    const history = await t.app.ctx.db
      .select()
      .from(clientStatusHistory)
      .where(and(eq(clientStatusHistory.portalId, o.portalId), eq(clientStatusHistory.clientId, 'T-1011')));
    expect(history.at(-1)).toMatchObject({ oldStatus, newStatus: 'Waiting on signature' });
  });

  it('answers 409 for a client that is not removed, 404 for an unknown one, 409 while a sync runs', async () => {
    const o = await withRemovedClient();
    const active = await restore(o, 'T-1001');
    expect(active.statusCode).toBe(409);
    expect(active.json().error).toEqual({ code: 'not_removed', message: 'This client is not removed, so there is nothing to restore.' });
    const unknown = await restore(o, 'T-9999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Client not found.');

    const token = await acquireSyncLease(t.app.ctx.db, o.portalId);
    try {
      const busy = await restore(o, 'T-1011');
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error.code).toBe('sync_in_progress');
    } finally {
      await releaseSyncLease(t.app.ctx.db, o.portalId, token!);
    }
    expect((await restore(o, 'T-1011')).statusCode).toBe(200);
    expect((await restore(o, 'T-1011')).statusCode).toBe(409);
  });

  it("gives another business 404 for the portal and changes nothing; a client id of one portal does not reach another's", async () => {
    const o = await withRemovedClient();
    const other = await businessWithPortal(t.app);
    const res = await restore(o, 'T-1011', other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'not_found', message: 'Portal not found.' });
    const listRes = await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/clients?removed=true`, other.cookie);
    expect(listRes.statusCode).toBe(404);
    // The other business's own portal, with the owner's client id: not found there.
    const cross = await request(t.app, 'POST', `/api/v1/portals/${other.portalId}/clients/T-1011/restore`, other.cookie, {});
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.message).toBe('Client not found.');
    expect(ids(await list(o, '&removed=true'))).toEqual(['T-1011']);
    const anonymous = await request(t.app, 'POST', `/api/v1/portals/${o.portalId}/clients/T-1011/restore`, '', {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('on an uploaded portal, keeps the restore through the same file and removes it with a different one', async () => {
    const o = await businessWithPortal(t.app);
    const full = fixtureSheet('tax-preparer.csv');
    const without = toCsv(taxRows().filter((r) => r[0] !== 'T-1011'));
    expect((await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, full)).statusCode).toBe(200);
    expect((await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, without)).json()).toMatchObject({ removed: 1 });
    const res = await restore(o, 'T-1011');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/uploaded file/);
    expect((await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, without)).json()).toMatchObject({ removed: 0 });
    const edited = toCsv(taxRows().filter((r) => r[0] !== 'T-1011' && r[0] !== 'T-1010'));
    expect((await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, edited)).json()).toMatchObject({ removed: 2 });
  });

  it('documents the restore route in OpenAPI', async () => {
    const spec = (await request(t.app, 'GET', '/api/openapi.json', '')).json();
    const op = spec.paths['/api/v1/portals/{portalId}/clients/{clientId}/restore'];
    expect(op?.post).toBeDefined();
    expect(Object.keys(op.post.responses)).toEqual(expect.arrayContaining(['200', '404', '409']));
  });
});
