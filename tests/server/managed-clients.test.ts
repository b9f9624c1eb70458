import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businessProfiles, clients } from '../../src/server/db/schema';
import { recomputeQueue } from '../../src/server/services/sheet-sync/recompute-queue';
import { createKey, managedPortalWithKey, withKey } from '../support/api-keys';
import { businessWithPortal, postCsv, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// A client list kept in StatusLink (issue 22 item 2, decision 0018): PUT .../source { type: managed }, the clients
// API (one, bulk, Idempotency-Key), the sync's rules and events on every write, and 409 for a sheet or upload portal.

const t = useTestApp();

const HEADER = 'Client Name,Email Address,Status,Priority,Due Date,Notes,Referrer';
const sheet = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';
const ann = { name: 'Ann Lee', email: 'ann@example.com', status: 'Waiting' };

type Owner = Awaited<ReturnType<typeof businessWithPortal>>;
const clientsUrl = (o: Owner, rest = '') => `/api/v1/portals/${o.portalId}/clients${rest}`;
/** Every event of the portal, in order, as 'client type'. */
async function events(o: Owner): Promise<string[]> {
  const out: string[] = [];
  for (let after = 0; ; ) {
    const res = (await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/events?after=${after}&limit=500`, o.cookie)).json() as { events: { clientId: string; type: string }[]; nextAfter: number | null };
    out.push(...res.events.map((e) => `${e.clientId} ${e.type}`));
    if (res.nextAfter === null) return out;
    after = res.nextAfter;
  }
}
const list = async (o: Owner, query = '') => (await request(t.app, 'GET', clientsUrl(o, `?pageSize=100${query}`), o.cookie)).json().clients as Record<string, unknown>[];

const managedPortal = () => managedPortalWithKey(t.app);

describe('managed source', () => {
  // Eleven writes and their reads: 60 s on a busy machine.
  it('adds, replaces, patches, deletes and restores clients with the sync\'s events, named by the key', { timeout: 60_000 }, async () => {
    const o = await managedPortal();
    const added = await withKey(t.app, o.key, 'POST', clientsUrl(o), { clientId: 'A-1', ...ann, priority: 'High', dueDate: '2026-12-15' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().client).toMatchObject({ clientId: 'A-1', displayId: 'A-1', name: 'Ann Lee', status: 'Waiting', priority: 'High', dueDate: '2026-12-15', queueState: 'queued', queuePosition: 1 });
    const ben = await withKey(t.app, o.key, 'PUT', clientsUrl(o, '/B-2'), { name: 'Ben', email: 'ben@example.com', status: 'Waiting' });
    expect(ben.statusCode, ben.body).toBe(201);
    expect(ben.json().client.queuePosition).toBe(2);

    // The status alone; then a replace that changes the e-mail keeps the same client (its key, D9).
    const done = await withKey(t.app, o.key, 'PATCH', clientsUrl(o, '/A-1'), { status: 'Completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().client).toMatchObject({ status: 'Completed', queueState: 'completed', priority: 'High' });
    const moved = await withKey(t.app, o.key, 'PUT', clientsUrl(o, '/B-2'), { name: 'Ben', email: 'ben.new@example.com', status: 'Waiting' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().client).toMatchObject({ clientId: 'B-2', email: 'ben.new@example.com', queuePosition: 1 });

    const gone = await withKey(t.app, o.key, 'DELETE', clientsUrl(o, '/B-2'));
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().client.removedAt).not.toBeNull();
    expect((await list(o)).map((c) => c.clientId)).toEqual(['A-1']);
    const back = await withKey(t.app, o.key, 'POST', clientsUrl(o, '/B-2/restore'), {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().client).toMatchObject({ clientId: 'B-2', email: 'ben.new@example.com', removedAt: null });

    expect(await events(o)).toEqual([
      'A-1 client.added',
      'B-2 client.added',
      'A-1 client.status_changed',
      'A-1 client.completed',
      'A-1 client.queue_moved',
      'A-1 client.estimate_changed',
      'B-2 client.queue_moved',
      'B-2 client.estimate_changed',
      'B-2 client.removed',
      'B-2 client.restored',
    ]);
    const actors = (await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/events`, o.cookie)).json().events.map((e: { actor: string }) => e.actor);
    expect(new Set(actors)).toEqual(new Set([expect.stringMatching(/^api_key:/)]));
  });

  it('refuses what a sync would not keep: an e-mail another client has, an unknown client, a taken key, bad fields', async () => {
    const o = await managedPortal();
    expect((await withKey(t.app, o.key, 'POST', clientsUrl(o), { clientId: 'A', ...ann })).statusCode).toBe(201);
    const twin = await withKey(t.app, o.key, 'POST', clientsUrl(o), { clientId: 'B', ...ann, name: 'Other' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error.code).toBe('email_taken');
    const again = await withKey(t.app, o.key, 'POST', clientsUrl(o), { clientId: 'A', ...ann });
    expect(again.json().error.code).toBe('client_exists');
    const missing = await withKey(t.app, o.key, 'PATCH', clientsUrl(o, '/nobody'), { status: 'Done' });
    expect(missing.statusCode).toBe(404);
    const bad = await withKey(t.app, o.key, 'POST', clientsUrl(o), { name: 'X', email: 'not-an-email', status: 'Waiting' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('email');
    const empty = await withKey(t.app, o.key, 'PATCH', clientsUrl(o, '/A'), {});
    expect(empty.statusCode).toBe(400);
    const badKey = await withKey(t.app, o.key, 'PUT', clientsUrl(o, '/has%20space'), ann);
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().error.code).toBe('invalid_client_id');
    expect((await list(o)).map((c) => c.clientId)).toEqual(['A']);

    // A removed client whose address another client took since: restoring it is refused (a restore names no address:
    // its stored one is looked up once the keys are read).
    expect((await withKey(t.app, o.key, 'DELETE', clientsUrl(o, '/A'))).statusCode).toBe(200);
    expect((await withKey(t.app, o.key, 'POST', clientsUrl(o), { clientId: 'C', ...ann, name: 'Cat' })).statusCode).toBe(201);
    const back = await withKey(t.app, o.key, 'POST', clientsUrl(o, '/A/restore'), {});
    expect(back.statusCode, back.body).toBe(409);
    expect(back.json().error.code).toBe('email_taken');
    expect((await list(o)).map((c) => c.clientId)).toEqual(['C']);
  });

  it('bulk: up to 1,000 upserts by client id, all or nothing', { timeout: 60_000 }, async () => {
    const o = await managedPortal();
    const many = Array.from({ length: 1000 }, (_, i) => ({ clientId: `K${i}`, name: `Client ${i}`, email: `k${i}@example.com`, status: i % 2 ? 'Waiting' : 'In progress' }));
    const first = await withKey(t.app, o.key, 'POST', clientsUrl(o, '/bulk'), { clients: many });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().created).toHaveLength(1000);
    const tooMany = await withKey(t.app, o.key, 'POST', clientsUrl(o, '/bulk'), { clients: [...many, { ...ann, clientId: 'X' }] });
    expect(tooMany.statusCode).toBe(400);

    // One bad item (an e-mail another client has) refuses the whole request: the good one is not written either.
    const mixed = await withKey(t.app, o.key, 'POST', clientsUrl(o, '/bulk'), {
      clients: [
        { clientId: 'K1', name: 'Client 1', email: 'k1@example.com', status: 'Completed' },
        { clientId: 'NEW', name: 'New', email: 'k5@example.com', status: 'Waiting' },
      ],
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().error.message).toContain('K5');
    const k1 = (await list(o, '&search=k1%40example.com')).find((c) => c.clientId === 'K1');
    expect(k1?.status).toBe('Waiting');

    const second = await withKey(t.app, o.key, 'POST', clientsUrl(o, '/bulk'), {
      clients: [
        { clientId: 'K1', name: 'Client 1', email: 'k1@example.com', status: 'Completed' },
        { clientId: 'NEW', name: 'New', email: 'new@example.com', status: 'Waiting' },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual({ created: ['NEW'], updated: ['K1'] });
    const recent = (await events(o)).filter((e) => e.startsWith('K1 client.') || e.startsWith('NEW '));
    expect(recent).toEqual(expect.arrayContaining(['K1 client.status_changed', 'K1 client.completed', 'NEW client.added']));
  });

  it('a bulk write plans only the clients it names, yet moves the whole queue as a sync would, with its events', { timeout: 60_000 }, async () => {
    const o = await managedPortal();
    const base = Array.from({ length: 12 }, (_, i) => ({ clientId: `Q${i}`, name: `Client ${i}`, email: `q${i}@example.com`, status: i % 5 === 4 ? 'Completed' : 'Waiting', priority: i % 3 ? 'Normal' : 'High', ...(i % 4 === 1 ? { dueDate: '2026-12-15' } : {}) }));
    expect((await withKey(t.app, o.key, 'POST', clientsUrl(o, '/bulk'), { clients: base })).statusCode).toBe(200);
    const before = new Map((await list(o)).map((c) => [c.clientId as string, c.queuePosition]));
    const already = (await events(o)).length;

    // A new High client goes ahead of every Normal one; Q0 completes; Q1 is sent as it is (unchanged).
    const res = await withKey(t.app, o.key, 'POST', clientsUrl(o, '/bulk'), {
      clients: [
        { clientId: 'NEW', name: 'New', email: 'new@example.com', status: 'Waiting', priority: 'High' },
        { ...base[0]!, status: 'Completed' },
        base[1]!,
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: ['NEW'], updated: ['Q0', 'Q1'] });
    const after = await list(o);
    // The stored figures are the whole portal's queue: a recompute finds nothing to change.
    const business = await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.userId, o.user.id));
    expect(await recomputeQueue(t.app.ctx, o.portalId, business[0]!.timeZone, { actor: { kind: 'system', job: 'test' } })).toBe(0);
    const moved = after.filter((c) => c.clientId !== 'NEW' && c.clientId !== 'Q0' && before.get(c.clientId as string) !== c.queuePosition).map((c) => c.clientId as string);
    expect(moved.length).toBeGreaterThan(0);
    const recent = (await events(o)).slice(already);
    expect(recent).toEqual(expect.arrayContaining(['NEW client.added', 'Q0 client.status_changed', 'Q0 client.completed', ...moved.map((id) => `${id} client.queue_moved`)]));
    expect(recent.filter((e) => e.startsWith('Q1 ') && !e.endsWith('queue_moved') && !e.endsWith('estimate_changed'))).toEqual([]);
    expect(after.find((c) => c.clientId === 'NEW')).toMatchObject({ queueState: 'queued', queuePosition: expect.any(Number) });
  });

  it('Idempotency-Key: a replay answers the first answer and writes nothing; another body under the key is 409', async () => {
    const o = await managedPortal();
    const body = { clientId: 'A', ...ann };
    const first = await withKey(t.app, o.key, 'POST', clientsUrl(o), body, { 'idempotency-key': 'add-ann' });
    expect(first.statusCode).toBe(201);
    const replay = await withKey(t.app, o.key, 'POST', clientsUrl(o), body, { 'idempotency-key': 'add-ann' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const other = await withKey(t.app, o.key, 'POST', clientsUrl(o), { ...body, status: 'Done' }, { 'idempotency-key': 'add-ann' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    expect(await events(o)).toEqual(['A client.added']);
  });

  it('a sheet or upload portal answers 409 with the reason; switched to managed it keeps its clients, and back to a file', async () => {
    const o = await businessWithPortal(t.app);
    const { key } = await createKey(t.app, o.cookie, { scope: 'write' });
    const imported = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, sheet('Ann,ann@example.com,Waiting,High,,,web', 'Ben,ben@example.com,In progress,,,,'));
    expect(imported.statusCode, imported.body).toBe(200);
    const refused = await withKey(t.app, key, 'PATCH', `/api/v1/portals/${o.portalId}/clients/anything`, { status: 'Done' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'source_not_managed', message: expect.stringContaining('uploaded file') });

    const before = await list(o);
    const link = await request(t.app, 'POST', `/api/v1/portals/${o.portalId}/clients/${before[0]!.clientId as string}/access-link`, o.cookie, {});
    expect(link.statusCode).toBe(201);
    const switched = await withKey(t.app, key, 'PUT', `/api/v1/portals/${o.portalId}/source`, { type: 'managed' });
    expect(switched.statusCode, switched.body).toBe(200);
    const after = await list(o);
    expect(after.map((c) => [c.clientId, c.name, c.status, c.queuePosition])).toEqual(before.map((c) => [c.clientId, c.name, c.status, c.queuePosition]));
    expect(after.map((c) => c.displayId)).toEqual(after.map((c) => c.clientId));
    expect(await events(o)).toEqual([`${before[0]!.clientId as string} client.added`, `${before[1]!.clientId as string} client.added`]);

    // A client keyed by its e-mail keeps its key when its e-mail changes.
    const ben = after[1]!.clientId as string;
    const changed = await withKey(t.app, key, 'PATCH', `/api/v1/portals/${o.portalId}/clients/${ben}`, { email: 'ben@new.example.com', status: 'Completed' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().client).toMatchObject({ clientId: ben, email: 'ben@new.example.com', queueState: 'completed' });
    expect((await list(o)).map((c) => c.clientId)).toEqual(after.map((c) => c.clientId));

    // Back to a file: it is the source again (Ann's key kept, matched by e-mail).
    const again = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, sheet('Ann,ann@example.com,Completed,High,,,web', 'Cy,cy@example.com,Waiting,,,,'));
    expect(again.statusCode, again.body).toBe(200);
    const final = await list(o);
    expect(final.find((c) => c.email === 'ann@example.com')?.clientId).toBe(before[0]!.clientId);
    const portal = await request(t.app, 'GET', `/api/v1/portals/${o.portalId}`, o.cookie);
    expect(portal.json().source.type).toBe('csv_upload');
    expect((await withKey(t.app, key, 'PATCH', `/api/v1/portals/${o.portalId}/clients/${ben}`, { status: 'Done' })).statusCode).toBe(409);
  });

  it('a write naming a key that another client has as its ID cell (gained after it was keyed) is refused', async () => {
    const o = await businessWithPortal(t.app);
    const { key } = await createKey(t.app, o.cookie, { scope: 'write' });
    // Keyed by its e-mail first (no ID column), then given the ID cell X-9 by a file that has one (D9: same client).
    expect((await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, sheet('Ann Lee,ann@example.com,Waiting,,,,'))).statusCode).toBe(200);
    const withIds = ['Client ID,' + HEADER, 'X-9,Ann Lee,ann@example.com,Waiting,,,,'].join('\n') + '\n';
    expect((await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, withIds)).statusCode).toBe(200);
    const [ann] = await list(o);
    expect(ann).toMatchObject({ displayId: 'X-9' });
    expect(ann!.clientId).not.toBe('X-9');
    expect((await withKey(t.app, key, 'PUT', `/api/v1/portals/${o.portalId}/source`, { type: 'managed' })).statusCode).toBe(200);

    const bulk = await withKey(t.app, key, 'POST', clientsUrl(o, '/bulk'), { clients: [{ clientId: 'X-9', name: 'Someone Else', email: 'someone@example.com', status: 'In Review' }] });
    expect(bulk.statusCode, bulk.body).toBe(409);
    expect(bulk.json().error.code).toBe('client_id_taken');
    const after = await list(o);
    expect(after.map((c) => [c.clientId, c.displayId, c.status])).toEqual([[ann!.clientId, 'X-9', 'Waiting']]);
  });

  it('switched to managed, a client keyed by its e-mail gets its key as its ID cell, unless another client has that ID cell', async () => {
    const o = await businessWithPortal(t.app);
    const importUrl = `/api/v1/portals/${o.portalId}/import`;
    // Ann and Ben keyed by their e-mails (no ID column), then a file whose ID cells are blank for them (matched by
    // e-mail, still keyed by it) and whose new client Cy has Ann's key as its ID cell.
    expect((await postCsv(t.app, importUrl, o.cookie, sheet('Ann Lee,ann@example.com,Waiting,,,,', 'Ben Ode,ben@example.com,Waiting,,,,'))).statusCode).toBe(200);
    const [ann, ben] = await list(o);
    const withIds = ['Client ID,' + HEADER, ',Ann Lee,ann@example.com,Waiting,,,,', ',Ben Ode,ben@example.com,Waiting,,,,', `${ann!.clientId as string},Cy Park,cy@example.com,Waiting,,,,`];
    expect((await postCsv(t.app, importUrl, o.cookie, withIds.join('\n') + '\n')).statusCode).toBe(200);
    const idCells = async () =>
      Object.fromEntries((await t.app.ctx.db.select({ name: clients.name, sourceId: clients.sourceId }).from(clients).where(eq(clients.portalId, o.portalId))).map((c) => [c.name, c.sourceId]));
    expect(await idCells()).toEqual({ 'Ann Lee': null, 'Ben Ode': null, 'Cy Park': ann!.clientId });

    expect((await request(t.app, 'PUT', `/api/v1/portals/${o.portalId}/source`, o.cookie, { type: 'managed' })).statusCode).toBe(200);
    expect(await idCells()).toEqual({ 'Ann Lee': null, 'Ben Ode': ben!.clientId, 'Cy Park': ann!.clientId });
  });

  it('a read key cannot write; another business\'s portal is not found', async () => {
    const o = await managedPortal();
    const { key: readKey } = await createKey(t.app, o.cookie, { scope: 'read' });
    const res = await withKey(t.app, readKey, 'POST', clientsUrl(o), ann);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('insufficient_scope');
    const stranger = await managedPortal();
    const theirs = await withKey(t.app, stranger.key, 'POST', clientsUrl(o), ann);
    expect(theirs.statusCode).toBe(404);
  });

  it('is a Business and Enterprise feature: a smaller plan cannot switch to it, and a downgrade stops the writes', async () => {
    const pro = await businessWithPortal(t.app, { plan: 'professional' });
    const refused = await request(t.app, 'PUT', `/api/v1/portals/${pro.portalId}/source`, pro.cookie, { type: 'managed' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'plan_feature', message: expect.stringContaining('Keeping your client list in StatusLink') });
    expect(refused.json().error.message).toContain('Business plan and above');
    expect((await request(t.app, 'GET', `/api/v1/portals/${pro.portalId}`, pro.cookie)).json().source.type).not.toBe('managed');

    // Managed on Business, then downgraded: the app's writes (a session, not a key) are refused, the clients kept.
    const o = await managedPortal();
    expect((await request(t.app, 'POST', clientsUrl(o), o.cookie, { clientId: 'A', ...ann })).statusCode).toBe(201);
    await t.app.ctx.db.update(businessProfiles).set({ plan: 'professional' }).where(eq(businessProfiles.userId, o.user.id));
    for (const [method, url, body] of [
      ['POST', clientsUrl(o), { clientId: 'B', ...ann, email: 'b@example.com' }],
      ['PATCH', clientsUrl(o, '/A'), { status: 'Completed' }],
      ['DELETE', clientsUrl(o, '/A'), undefined],
      ['POST', clientsUrl(o, '/bulk'), { clients: [{ clientId: 'A', ...ann, status: 'Done' }] }],
    ] as const) {
      const res = await request(t.app, method, url, o.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('plan_feature');
    }
    expect((await list(o)).map((c) => [c.clientId, c.status])).toEqual([['A', 'Waiting']]);
  });
});
