import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { businessProfiles } from '../../src/server/db/schema';
import { restoreClient } from '../../src/server/services/clients/restore-client';
import { createQueueInputsCache } from '../../src/server/services/managed-clients/queue-inputs-cache';
import { readQueueInputs, recomputeQueue, type QueueInputRow } from '../../src/server/services/sheet-sync/recompute-queue';
import { managedPortalWithKey, withKey } from '../support/api-keys';
import { postCsv, request } from '../support/sheets';
import { testDbKind } from '../support/test-database';
import { useTestApp } from '../support/test-app';

// A managed write remembers the portal's queue inputs as it left them (queue-inputs-cache.ts); the next managed write
// on the same instance uses them only when nobody took the portal's lease in between. Every test app also checks each
// use against a read (checkQueueInputs); these tests check what is remembered after every write, and that a write by
// any other path, or by another instance, makes the next managed write read again and still move the queue right.

const t = useTestApp();

const HEADER = 'Client Name,Email Address,Status,Priority,Due Date,Notes,Referrer';

type Owner = Awaited<ReturnType<typeof managedPortal>>;

async function managedPortal(app: FastifyInstance = t.app) {
  const o = await managedPortalWithKey(app);
  const [business] = await app.ctx.db.select({ id: businessProfiles.id, timeZone: businessProfiles.timeZone }).from(businessProfiles).where(eq(businessProfiles.userId, o.user.id));
  return { ...o, businessId: business!.id, timeZone: business!.timeZone };
}

const byClient = (rows: readonly QueueInputRow[]) => [...rows].sort((a, b) => a.clientId.localeCompare(b.clientId));

/** What the app's cache remembers, as it remembers it (its `remember` watched). */
function watchRemembered(app: FastifyInstance): Map<string, readonly QueueInputRow[]> {
  const cache = app.ctx.queueInputs;
  const remembered = new Map<string, readonly QueueInputRow[]>();
  const remember = cache.remember;
  cache.remember = (portalId, lease, rows) => {
    remembered.set(portalId, rows);
    remember(portalId, lease, rows);
  };
  return remembered;
}

/** Every event type of the portal after event `after`, as 'client type'. */
async function eventsAfter(app: FastifyInstance, o: Owner, after: number): Promise<{ list: string[]; last: number }> {
  const out: string[] = [];
  let last = after;
  for (;;) {
    const res = (await request(app, 'GET', `/api/v1/portals/${o.portalId}/events?after=${last}&limit=500`, o.cookie)).json() as { events: { id: number; clientId: string; type: string }[]; nextAfter: number | null };
    out.push(...res.events.map((e) => `${e.clientId} ${e.type}`));
    if (res.events.length > 0) last = res.events.at(-1)!.id;
    if (res.nextAfter === null) return { list: out, last };
  }
}

/**
 * Sends one managed write and checks it moved the whole queue as a recompute would (a recompute then finds nothing),
 * with a queue_moved event for exactly the clients kept whose place changed; returns whether it used remembered rows.
 */
async function writeChecked(app: FastifyInstance, o: Owner, method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<'hit' | 'miss'> {
  const before = new Map((await readQueueInputs(app.ctx.db, o.portalId)).map((r) => [r.clientId, r.queuePosition]));
  const { last } = await eventsAfter(app, o, 0);
  const stats = app.ctx.queueInputs.stats();
  const res = await withKey(app, o.key, method, `/api/v1/portals/${o.portalId}/clients${path}`, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  const used = app.ctx.queueInputs.stats().hits > stats.hits ? 'hit' : 'miss';
  // Computed under no lease of its own (a token it does not hold): taking the lease would make the next write read.
  expect(await recomputeQueue(app.ctx, o.portalId, o.timeZone, { actor: { kind: 'system', job: 'test' }, leaseToken: 'none' })).toBe(0);
  const after = await readQueueInputs(app.ctx.db, o.portalId);
  const moved = after.filter((r) => before.has(r.clientId) && before.get(r.clientId) !== r.queuePosition);
  const movedEvents = (await eventsAfter(app, o, last)).list.filter((e) => e.endsWith(' client.queue_moved')).map((e) => e.split(' ')[0]);
  expect(new Set(movedEvents)).toEqual(new Set(moved.map((r) => r.clientId)));
  return used;
}

const client = (i: number, fields: Record<string, unknown> = {}) => ({
  clientId: `C${i}`,
  name: `Client ${i}`,
  email: `c${i}@example.com`,
  status: i % 7 === 3 ? 'Completed' : 'Waiting',
  priority: i % 3 === 0 ? 'High' : 'Normal',
  ...(i % 4 === 1 ? { dueDate: `2026-12-${String(10 + (i % 15)).padStart(2, '0')}` } : {}),
  ...fields,
});

async function setPosition(app: FastifyInstance, o: Owner, clientId: string, position: number | null) {
  const res = await request(app, 'PUT', `/api/v1/portals/${o.portalId}/clients/${clientId}/queue-position`, o.cookie, { position });
  expect(res.statusCode, res.body).toBe(200);
}

describe('managed writes remember the queue inputs', () => {
  it('what a write remembers is what is stored, after adds, status changes, deletes and restores; the next write uses it', { timeout: 60_000 }, async () => {
    const remembered = watchRemembered(t.app);
    const o = await managedPortal();
    const expectRememberedStored = async () => expect(byClient(remembered.get(o.portalId)!)).toEqual(byClient(await readQueueInputs(t.app.ctx.db, o.portalId)));

    expect(await writeChecked(t.app, o, 'POST', '/bulk', { clients: Array.from({ length: 40 }, (_, i) => client(i)) })).toBe('miss');
    await expectRememberedStored();
    // A manual position (another path: the next write reads), then writes one after another, each using the last's rows.
    await setPosition(t.app, o, 'C11', 2);
    expect(await writeChecked(t.app, o, 'POST', '/bulk', { clients: [client(40, { priority: 'High' }), client(1, { status: 'Completed' }), client(2)] })).toBe('miss');
    await expectRememberedStored();
    const steps: [method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown][] = [
      ['PATCH', '/C5', { status: 'Completed' }],
      ['PATCH', '/C3', { status: 'Waiting', priority: 'High' }],
      ['PATCH', '/C8', { dueDate: '2026-12-01' }],
      ['DELETE', '/C0'],
      ['DELETE', '/C11'],
      ['POST', '/C11/restore', {}],
      ['POST', '/C0/restore', {}],
      ['POST', '/bulk', { clients: [client(41), client(42, { priority: 'High', dueDate: '2026-12-24' }), client(6, { status: 'In progress' })] }],
    ];
    for (const [method, path, body] of steps) {
      expect(await writeChecked(t.app, o, method, path, body), `${method} ${path}`).toBe('hit');
      await expectRememberedStored();
    }
    const stored = await readQueueInputs(t.app.ctx.db, o.portalId);
    expect(stored.find((r) => r.clientId === 'C11')?.manualPosition).toBe(2);
    expect(stored.some((r) => r.dueDate !== null && r.estimatedCompletion !== null)).toBe(true);
  });

  it('a queue recompute, a restore, a manual position or a switch in between: the next write reads again; another portal\'s upload does not', { timeout: 90_000 }, async () => {
    const o = await managedPortal();
    expect(await writeChecked(t.app, o, 'POST', '/bulk', { clients: Array.from({ length: 30 }, (_, i) => client(i)) })).toBe('miss');
    expect(await writeChecked(t.app, o, 'PATCH', '/C4', { status: 'Completed' })).toBe('hit');

    // Another portal's upload takes that portal's lease, not this one's.
    const second = await request(t.app, 'POST', '/api/v1/portals', o.cookie, { name: 'Other' });
    expect(second.statusCode, second.body).toBe(201);
    const upload = await postCsv(t.app, `/api/v1/portals/${second.json().portalId as string}/import`, o.cookie, [HEADER, 'Ann,ann@example.com,Waiting,,,,'].join('\n') + '\n');
    expect(upload.statusCode, upload.body).toBe(200);
    expect(await writeChecked(t.app, o, 'PATCH', '/C5', { priority: 'High' })).toBe('hit');

    // A settings change's queue recompute: the estimates it writes are not what this instance remembers.
    const estimates = async () => (await readQueueInputs(t.app.ctx.db, o.portalId)).map((r) => r.estimatedCompletion).join();
    const before = await estimates();
    const slower = await request(t.app, 'PATCH', `/api/v1/portals/${o.portalId}`, o.cookie, { workloadSettings: { averageProjectDuration: 60 } });
    expect(slower.statusCode, slower.body).toBe(200);
    expect(await estimates()).not.toBe(before);
    expect(await writeChecked(t.app, o, 'PATCH', '/C7', { priority: 'High' })).toBe('miss');

    await setPosition(t.app, o, 'C12', 1);
    expect(await writeChecked(t.app, o, 'POST', '/bulk', { clients: [client(30, { priority: 'High' })] })).toBe('miss');

    // A restore by the restore of a sheet portal's client (changeQueue), called on this portal.
    expect(await writeChecked(t.app, o, 'DELETE', '/C9')).toBe('hit');
    await restoreClient(t.app.ctx, o.businessId, o.portalId, 'C9', { userId: o.user.id, timeZone: o.timeZone });
    expect(await writeChecked(t.app, o, 'PATCH', '/C9', { status: 'Completed' })).toBe('miss');

    // To a file and back: the upload and the switch both took the lease.
    const csv = [HEADER, ...Array.from({ length: 31 }, (_, i) => `Client ${i},c${i}@example.com,Waiting,${i % 2 ? 'High' : 'Normal'},,,`)].join('\n') + '\n';
    const uploaded = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, csv);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await request(t.app, 'PUT', `/api/v1/portals/${o.portalId}/source`, o.cookie, { type: 'managed' })).statusCode).toBe(200);
    const [first] = await readQueueInputs(t.app.ctx.db, o.portalId);
    expect(await writeChecked(t.app, o, 'PATCH', `/${first!.clientId}`, { status: 'Completed' })).toBe('miss');
    expect(await writeChecked(t.app, o, 'POST', '/bulk', { clients: [client(50, { priority: 'High' })] })).toBe('hit');
  });

  it.skipIf(testDbKind !== 'postgres')('another instance writing the portal in between: the next write here reads again', { timeout: 60_000 }, async () => {
    const database = await openDatabase({ kind: 'postgres', url: t.app.ctx.database.url!, max: 3 });
    const elsewhere = await buildApp({ env: t.env, database, clock: t.clock, logger: pino({ level: 'silent' }), serveWeb: false, startJobs: false, checkQueueInputs: true });
    try {
      await elsewhere.ready();
      const o = await managedPortal();
      expect(await writeChecked(t.app, o, 'POST', '/bulk', { clients: Array.from({ length: 30 }, (_, i) => client(i)) })).toBe('miss');
      expect(await writeChecked(t.app, o, 'PATCH', '/C4', { status: 'Completed' })).toBe('hit');
      expect(await writeChecked(elsewhere, o, 'POST', '/bulk', { clients: [client(30, { priority: 'High' }), client(6, { status: 'Completed' })] })).toBe('miss');
      expect(await writeChecked(t.app, o, 'PATCH', '/C8', { priority: 'High' })).toBe('miss');
      expect(await writeChecked(t.app, o, 'DELETE', '/C30')).toBe('hit');
      expect(await writeChecked(elsewhere, o, 'PATCH', '/C1', { status: 'Completed' })).toBe('miss');
      expect(await writeChecked(elsewhere, o, 'PATCH', '/C2', { status: 'Completed' })).toBe('hit');
      expect(await writeChecked(t.app, o, 'POST', '/C30/restore', {})).toBe('miss');
    } finally {
      await elsewhere.close();
      await database.close();
    }
  });
});

describe('the cache', () => {
  const rows = (n: number, tag = '') => Array.from({ length: n }, (_, i) => ({ clientId: `${tag}${i}` }) as QueueInputRow);
  const lease = (generation: number) => ({ token: 't', generation });
  const never = new Proxy({}, { get: () => () => { throw new Error('read the database'); } }) as never;

  it('answers rows remembered under the generation just before, once; keeps at most maxRows, the least recently written going first', async () => {
    const cache = createQueueInputsCache({ maxRows: 10 });
    const miss = (portalId: string, generation: number) => expect(cache.read(never, portalId, lease(generation))).rejects.toThrow('read the database');
    cache.remember('a', lease(3), rows(4, 'a'));
    await miss('a', 5);
    cache.remember('a', lease(3), rows(4, 'a'));
    expect(await cache.read(never, 'a', lease(4))).toHaveLength(4);
    await miss('a', 5);
    cache.remember('a', lease(4), rows(4, 'a'));
    cache.remember('b', lease(1), rows(4, 'b'));
    cache.remember('c', lease(7), rows(4, 'c'));
    // 12 rows: a, the least recently written, went.
    expect(cache.stats()).toMatchObject({ rows: 8, portals: 2 });
    await miss('a', 5);
    expect(await cache.read(never, 'b', lease(2))).toHaveLength(4);
    cache.remember('d', lease(1), rows(11));
    await miss('d', 2);
    cache.remember('e', lease(5), rows(2));
    cache.forget('e');
    await miss('e', 6);
    expect(await cache.read(never, 'c', lease(8))).toHaveLength(4);
    expect(cache.stats()).toEqual({ hits: 3, misses: 5, rows: 0, portals: 0 });
  });
});
