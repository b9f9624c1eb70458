import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientEvents, portals, users } from '../../src/server/db/schema';
import { createKey, withKey } from '../support/api-keys';
import { businessWithPortal, postCsv, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// GET /api/v1/portals/{portalId}/events (issue 18 item 5, decision 0011): a portal's client events in order, paged,
// for its own business only, readable with a read-scope API key.

const t = useTestApp();

const HEADER = 'Client ID,Client Name,Email Address,Status,Priority,Due Date';
const sheet = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';

async function portalWithEvents() {
  const owner = await businessWithPortal(t.app);
  const first = await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, sheet('A,Ann,a@example.com,Pending,1,', 'B,Ben,b@example.com,Pending,2,', 'C,Cy,c@example.com,Pending,3,'));
  expect(first.statusCode, first.body).toBe(200);
  const second = await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, sheet('A,Ann,a@example.com,Completed,1,', 'B,Ben,b@example.com,Pending,2,', 'C,Cy,c@example.com,Pending,3,'));
  expect(second.statusCode, second.body).toBe(200);
  return { ...owner, runs: [first.json().id as string, second.json().id as string] };
}
const page = (o: { cookie: string; portalId: string }, query = '') => request(t.app, 'GET', `/api/v1/portals/${o.portalId}/events${query}`, o.cookie);

describe('client events API', () => {
  it('pages a portal\'s events in order with nextAfter until none are left', async () => {
    const o = await portalWithEvents();
    const all = await page(o);
    expect(all.statusCode, all.body).toBe(200);
    const events = all.json().events as { id: number; type: string; clientId: string }[];
    expect(events.map((e) => `${e.clientId} ${e.type}`)).toEqual([
      'A client.added',
      'B client.added',
      'C client.added',
      'A client.status_changed',
      'A client.completed',
      'A client.queue_moved',
      'A client.estimate_changed',
      'B client.queue_moved',
      'B client.estimate_changed',
      'C client.queue_moved',
    ]);
    expect(all.json()).toMatchObject({ nextAfter: null, retentionDays: 90 });
    expect(all.json().events[3]).toEqual({
      id: events[3]!.id,
      type: 'client.status_changed',
      portalId: o.portalId,
      clientId: 'A',
      occurredAt: t.clock.now().toISOString(),
      changedBy: 'sync',
      actor: `sync:${o.runs[1]}`,
      syncRunId: o.runs[1],
      data: { from: 'Pending', to: 'Completed', fromClass: 'pending', toClass: 'completed' },
    });

    const seen: number[] = [];
    let after = 0;
    for (let i = 0; i < 5; i += 1) {
      const res = (await page(o, `?after=${after}&limit=3`)).json() as { events: { id: number }[]; nextAfter: number | null };
      seen.push(...res.events.map((e) => e.id));
      if (res.nextAfter === null) break;
      expect(res.events).toHaveLength(3);
      after = res.nextAfter;
    }
    expect(seen).toEqual(events.map((e) => e.id));
  });

  it('refuses another business (404) and bad paging (400 with the error shape)', async () => {
    const o = await portalWithEvents();
    const other = await businessWithPortal(t.app);
    const res = await page({ cookie: other.cookie, portalId: o.portalId });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    const bad = await page(o, '?limit=5000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/limit must be a whole number from 1 to 1000/);
    expect((await page(o, '?after=-1')).statusCode).toBe(400);
    expect((await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/events`, '')).statusCode).toBe(401);
  });

  it('is readable with a read-scope API key, for its own business only', async () => {
    const o = await portalWithEvents();
    const { key } = await createKey(t.app, o.cookie, { scope: 'read' });
    const res = await withKey(t.app, key, 'GET', `/api/v1/portals/${o.portalId}/events?limit=2`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().events).toHaveLength(2);
    const other = await portalWithEvents();
    expect((await withKey(t.app, key, 'GET', `/api/v1/portals/${other.portalId}/events`)).statusCode).toBe(404);
  });
});

describe('retention', () => {
  it('the daily purge job deletes events past 90 days and keeps the rest', async () => {
    const o = await portalWithEvents();
    const kept = (await page(o)).json().events.length as number;
    const old = o.portalId;
    await t.app.ctx.db.transaction((tx) =>
      t.app.ctx.clientEvents.write(tx, [{ type: 'client.removed', portalId: old, clientId: 'A', data: {}, actor: { kind: 'system', job: 'test' } }], new Date(t.clock.nowMs() - 91 * 24 * 3600 * 1000)),
    );
    expect((await page(o)).json().events).toHaveLength(kept + 1);
    await t.app.ctx.jobs.enqueue(t.app.ctx.db, [{ kind: 'client_events.purge', dedupeKey: 'purge-test', runAt: t.clock.now() }]);
    await t.app.ctx.jobs.runDue();
    expect((await page(o)).json().events).toHaveLength(kept);
  });
});

describe('a deleted portal', () => {
  const count = async (portalIds: string[]) => (await t.app.ctx.db.select({ id: clientEvents.id }).from(clientEvents).where(inArray(clientEvents.portalId, portalIds))).length;

  it("takes its events with it, deleted on its own or with its owner's account; other portals keep theirs", async () => {
    const a = await portalWithEvents();
    const b = await portalWithEvents();
    const gone = await request(t.app, 'DELETE', `/api/v1/portals/${a.portalId}`, a.cookie);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await count([a.portalId])).toBe(0);
    expect(await count([b.portalId])).toBe(10);

    // A second portal of b's business, then the account goes (the business and its portals cascade).
    const second = await request(t.app, 'POST', '/api/v1/portals', b.cookie, { name: 'Second' });
    const secondId = second.json().portalId as string;
    await t.app.ctx.db.transaction((tx) =>
      t.app.ctx.clientEvents.write(tx, [{ type: 'client.removed', portalId: secondId, clientId: 'Z', data: {}, actor: { kind: 'system', job: 'test' } }], t.clock.now()),
    );
    const [{ businessId }] = await t.app.ctx.db.select({ businessId: portals.businessId }).from(portals).where(eq(portals.id, b.portalId)) as [{ businessId: string }];
    const owned = await t.app.ctx.db.select({ id: portals.id }).from(portals).where(eq(portals.businessId, businessId));
    expect(owned).toHaveLength(2);
    await t.app.ctx.db.delete(users).where(eq(users.id, b.user.id));
    expect(await count([b.portalId, secondId])).toBe(0);
  });
});
