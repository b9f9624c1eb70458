import { beforeAll, describe, expect, it } from 'vitest';
import { summarizeStatuses } from '@core/status';
import { businessWithPortal, fixtureSheet, liftBusinessApiLimits, postCsv, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';
import { lookup, portalWithClients, accessToken } from './portal-helpers';

// The business app's own endpoints (issue 6): dashboard figures, a client's detail and its manual queue position.

const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});

const sheet = fixtureSheet('tax-preparer.csv');
const sheetRows = sheet.trim().split('\n').slice(1).map((line) => line.split(','));

async function queue(portalId: string, cookie: string) {
  const res = await request(t.app, 'GET', `/api/v1/portals/${portalId}/clients?pageSize=200`, cookie);
  expect(res.statusCode).toBe(200);
  const list = res.json().clients as { clientId: string; queuePosition: number | null; manualPosition: number | null }[];
  return list.filter((c) => c.queuePosition !== null).sort((a, b) => a.queuePosition! - b.queuePosition!).map((c) => c.clientId);
}

describe('dashboard', () => {
  it('counts the sheet’s clients by status class and lists the 5 latest', async () => {
    const owner = await portalWithClients(t.app);
    const res = await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}/dashboard`, owner.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = summarizeStatuses(sheetRows.map((r) => r[3]));
    expect(body.totalClients).toBe(sheetRows.length);
    expect(body).toMatchObject({ completed: expected.completed, inProgress: expected.inProgress, pending: expected.pending, sourceType: 'csv_upload' });
    expect(Object.fromEntries(body.statusBreakdown.map((s: { status: string; count: number }) => [s.status, s.count]))).toEqual(expected.breakdown);
    expect(body.recent).toHaveLength(5);
    expect(body.lastUpdated).not.toBeNull();
  });

  it('groups a status however the sheet spells it (case and spacing), as the status filter does', async () => {
    const csv = ['Client ID,Client Name,Email Address,Status', 'A-1,Ann Lee,ann@example.com,Waiting  on docs', 'A-2,Bo Chan,bo@example.com,waiting on DOCS', 'A-3,Cy Diaz,cy@example.com, Done', 'A-4,Di Eze,di@example.com,DONE', 'A-5,Ed Fox,ed@example.com,'].join('\n');
    const owner = await portalWithClients(t.app, { csv });
    const res = await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}/dashboard`, owner.cookie);
    expect(res.json().statusBreakdown).toEqual([
      { status: 'done', count: 2 },
      { status: 'waiting on docs', count: 2 },
      { status: 'unknown', count: 1 },
    ]);
    const filter = await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}/clients?status=${encodeURIComponent('Waiting on docs')}`, owner.cookie);
    expect(filter.json().clients).toHaveLength(2);
  });

  it('shows zeros and Never for a portal without data', async () => {
    const owner = await businessWithPortal(t.app);
    const res = await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}/dashboard`, owner.cookie);
    expect(res.json()).toMatchObject({ totalClients: 0, completed: 0, recent: [], lastUpdated: null, sourceType: 'none' });
  });
});

describe('client detail and manual queue position', () => {
  it('shows the row and status history, moves a client, and undoes it; the portal shows the new position', async () => {
    const owner = await portalWithClients(t.app);
    const detail = await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}/clients/T-1009`, owner.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ name: 'Sofia Rossi', status: 'Pending', raw: { 'Client Name': 'Sofia Rossi' }, manualPosition: null });
    // The cells come in the sheet's column order.
    expect(Object.keys(detail.json().raw)).toEqual(sheet.split(/\r?\n/)[0]!.split(','));
    // A status change from the sheet lands in the history with its time.
    const changed = sheet.replace('T-1009,Sofia Rossi,sofia.rossi@example.com,Pending', 'T-1009,Sofia Rossi,sofia.rossi@example.com,Review');
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, changed)).statusCode).toBe(200);
    const again = await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}/clients/T-1009`, owner.cookie);
    expect(again.json().history.at(-1)).toMatchObject({ oldStatus: 'Pending', newStatus: 'Review' });

    const before = await queue(owner.portalId, owner.cookie);
    const moved = await request(t.app, 'PUT', `/api/v1/portals/${owner.portalId}/clients/T-1009/queue-position`, owner.cookie, { position: 2 });
    expect(moved.statusCode).toBe(200);
    const after = await queue(owner.portalId, owner.cookie);
    const expected = before.filter((id) => id !== 'T-1009');
    expected.splice(1, 0, 'T-1009');
    expect(after).toEqual(expected);

    // The public portal reflects it at once.
    const token = await accessToken(t.app, owner.cookie, owner.portalId, 'T-1009');
    const card = await lookup(t.app, owner.portalId, { token });
    expect(card.statusCode).toBe(200);
    expect(card.json().client).toMatchObject({ queueState: 'queued', position: 2 });

    const undo = await request(t.app, 'PUT', `/api/v1/portals/${owner.portalId}/manual-positions`, owner.cookie, { positions: moved.json().previous });
    expect(undo.statusCode).toBe(200);
    expect(await queue(owner.portalId, owner.cookie)).toEqual(before);
  });

  it('puts the whole queue back in automatic order (clearing one position leaves it behind the pinned clients), with undo', async () => {
    const owner = await portalWithClients(t.app);
    const auto = await queue(owner.portalId, owner.cookie);
    const url = (id: string) => `/api/v1/portals/${owner.portalId}/clients/${id}`;
    // Moving the first client to 3 pins the two now ahead of it; clearing its own position then leaves it third,
    // behind them, not first where its priority puts it.
    const first = auto[0]!;
    expect((await request(t.app, 'PUT', `${url(first)}/queue-position`, owner.cookie, { position: 3 })).statusCode).toBe(200);
    expect((await request(t.app, 'PUT', `${url(first)}/queue-position`, owner.cookie, { position: null })).statusCode).toBe(200);
    const stillPinned = (await request(t.app, 'GET', url(first), owner.cookie)).json();
    expect(stillPinned).toMatchObject({ manualPosition: null, placedByHand: 2 });
    expect((await queue(owner.portalId, owner.cookie)).indexOf(first)).toBe(2);

    const reset = await request(t.app, 'DELETE', `/api/v1/portals/${owner.portalId}/manual-positions`, owner.cookie);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().previous).toHaveLength(2);
    expect(await queue(owner.portalId, owner.cookie)).toEqual(auto);
    expect((await request(t.app, 'GET', url(first), owner.cookie)).json().placedByHand).toBe(0);
    // Undo brings the pins back.
    expect((await request(t.app, 'PUT', `/api/v1/portals/${owner.portalId}/manual-positions`, owner.cookie, { positions: reset.json().previous })).statusCode).toBe(200);
    expect((await request(t.app, 'GET', url(first), owner.cookie)).json().placedByHand).toBe(2);
  });

  it('rejects a position past the queue and a completed client', async () => {
    const owner = await portalWithClients(t.app);
    const far = await request(t.app, 'PUT', `/api/v1/portals/${owner.portalId}/clients/T-1009/queue-position`, owner.cookie, { position: 500 });
    expect(far.statusCode).toBe(400);
    const done = await request(t.app, 'PUT', `/api/v1/portals/${owner.portalId}/clients/T-1003/queue-position`, owner.cookie, { position: 1 });
    expect(done.statusCode).toBe(409);
  });
});

describe('workload preview', () => {
  it('previews new settings without saving, and the saved settings move the portal’s estimates', async () => {
    const owner = await portalWithClients(t.app);
    const base = await request(t.app, 'POST', `/api/v1/portals/${owner.portalId}/workload/preview`, owner.cookie, {});
    expect(base.statusCode).toBe(200);
    const active = sheetRows.filter((r) => !/complete|done|finished|cancel/i.test(r[3]!)).length;
    expect(base.json().current).toMatchObject({ activeProjects: active, capacityUtilisation: Math.round((active / 15) * 100) });
    expect(base.json().changedEstimates).toBe(0);
    const settings = { ...base.json().settings, averageProjectDuration: 30, dailyCapacity: 5 };
    const preview = await request(t.app, 'POST', `/api/v1/portals/${owner.portalId}/workload/preview`, owner.cookie, { settings });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().proposed.capacityUtilisation).toBe(Math.round((active / 25) * 100));
    expect(preview.json().changedEstimates).toBe(active);
    const first = preview.json().queue[0];
    expect(first.proposedEstimate > first.currentEstimate).toBe(true);
    // Nothing saved yet.
    const again = await request(t.app, 'POST', `/api/v1/portals/${owner.portalId}/workload/preview`, owner.cookie, {});
    expect(again.json().settings.averageProjectDuration).toBe(base.json().settings.averageProjectDuration);
    // Saved through the portal: the stored queue follows.
    expect((await request(t.app, 'PATCH', `/api/v1/portals/${owner.portalId}`, owner.cookie, { workloadSettings: settings })).statusCode).toBe(200);
    const list = await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}/clients?pageSize=200`, owner.cookie);
    const stored = list.json().clients.find((c: { clientId: string }) => c.clientId === first.clientId);
    expect(stored.estimatedCompletion).toBe(first.proposedEstimate);
  });

  it('rejects settings out of bounds', async () => {
    const owner = await portalWithClients(t.app);
    const res = await request(t.app, 'POST', `/api/v1/portals/${owner.portalId}/workload/preview`, owner.cookie, { settings: { dailyCapacity: 50 } });
    expect(res.statusCode).toBe(400);
  });
});

describe('another business', () => {
  it('gets 404 on every business-app endpoint and changes nothing', async () => {
    const owner = await portalWithClients(t.app);
    const other = await portalWithClients(t.app);
    const id = owner.portalId;
    const before = await queue(id, owner.cookie);
    const attempts = [
      () => request(t.app, 'GET', `/api/v1/portals/${id}/dashboard`, other.cookie),
      () => request(t.app, 'GET', `/api/v1/portals/${id}/clients/T-1009`, other.cookie),
      () => request(t.app, 'PUT', `/api/v1/portals/${id}/clients/T-1009/queue-position`, other.cookie, { position: 1 }),
      () => request(t.app, 'PUT', `/api/v1/portals/${id}/manual-positions`, other.cookie, { positions: [{ clientId: 'T-1009', manualPosition: 1 }] }),
      () => request(t.app, 'DELETE', `/api/v1/portals/${id}/manual-positions`, other.cookie),
      () => request(t.app, 'POST', `/api/v1/portals/${id}/workload/preview`, other.cookie, {}),
    ];
    for (const attempt of attempts) expect((await attempt()).statusCode).toBe(404);
    expect(await queue(id, owner.cookie)).toEqual(before);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/portals/${id}/dashboard` });
    expect(anonymous.statusCode).toBe(401);
  });
});
