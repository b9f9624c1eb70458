import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/core/messages';
import { clientAccessTokens, clientEvents, clients, clientStatusHistory } from '../../src/server/db/schema';
import { postCsv, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';
import { accessToken, lookup, NOT_FOUND, portalWithClients, sendUpdate, setConfig } from './portal-helpers';

// D9: a client is who their id cell or e-mail says, never their row. Sorting, inserting and deleting rows, and
// adding or dropping the id column, keep each client's access link, manual position, status history, updates and
// verification state on that person; the import report counts only what really changed.

const t = useTestApp();

type Person = [name: string, email: string, status: string];
const ann: Person = ['Ann Able', 'ann@example.com', 'In Progress'];
const bob: Person = ['Bob Baker', 'bob@example.com', 'Pending'];
const cat: Person = ['Cat Cole', 'cat@example.com', 'Review'];
const dan: Person = ['Dan Dorn', 'dan@example.com', 'Pending'];
const eve: Person = ['Eve East', 'eve@example.com', 'Pending'];

/** A sheet without an id column. */
const sheet = (...people: Person[]) => ['Name,Email,Status', ...people.map((p) => p.join(','))].join('\n') + '\n';
/** A sheet with one, ids given per person. */
const sheetWithIds = (...rows: [string, Person][]) => ['Client ID,Name,Email,Status', ...rows.map(([id, p]) => [id, ...p].join(','))].join('\n') + '\n';

type Owner = Awaited<ReturnType<typeof portalWithClients>>;
const url = (o: Owner, rest = '') => `/api/v1/portals/${o.portalId}${rest}`;

async function list(o: Owner, removed = false) {
  const res = await request(t.app, 'GET', url(o, `/clients?pageSize=100${removed ? '&removed=true' : ''}`), o.cookie);
  return res.json().clients as { clientId: string; displayId: string; name: string; email: string; row: number; manualPosition: number | null; queuePosition: number | null }[];
}
/** The key of the current client with this name. */
async function keyOf(o: Owner, name: string): Promise<string> {
  const found = (await list(o)).find((c) => c.name === name);
  if (!found) throw new Error(`no client named ${name}`);
  return found.clientId;
}
async function sync(o: Owner, csv: string) {
  const res = await postCsv(t.app, url(o, '/import?confirmDrop=true'), o.cookie, csv);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { imported: number; updated: number; unchanged: number; removed: number; restored: number; skipped: number; skippedRows: { row: number; reason: string }[] };
}
const detail = async (o: Owner, key: string) => request(t.app, 'GET', url(o, `/clients/${encodeURIComponent(key)}`), o.cookie);

/** Gives Cat everything a client can have: a link, a card session, a manual position, history and an update. */
async function giveCatState(o: Owner, csvWithCatReviewed: string) {
  const key = await keyOf(o, 'Cat Cole');
  const token = await accessToken(t.app, o.cookie, o.portalId, key);
  const session = (await lookup(t.app, o.portalId, { token })).json().session as string;
  expect((await sendUpdate(t.app, o.portalId, { session, message: 'Sent by Cat' })).statusCode).toBe(201);
  expect((await request(t.app, 'PUT', url(o, `/clients/${encodeURIComponent(key)}/queue-position`), o.cookie, { position: 1 })).statusCode).toBe(200);
  await sync(o, csvWithCatReviewed);
  return { key, token };
}

/** Cat's link opens Cat's card, and her key still holds her position, history and update. */
async function expectCatKeepsEverything(o: Owner, s: { key: string; token: string }) {
  expect(await keyOf(o, 'Cat Cole')).toBe(s.key);
  const card = await lookup(t.app, o.portalId, { token: s.token });
  expect(card.statusCode).toBe(200);
  expect(card.json().client.name).toBe('Cat Cole');
  const d = (await detail(o, s.key)).json();
  expect(d).toMatchObject({ name: 'Cat Cole', manualPosition: 1 });
  expect(d.history.map((h: { newStatus: string }) => h.newStatus)).toContain('Completed');
  const updates = (await request(t.app, 'GET', url(o, `/clients/${encodeURIComponent(s.key)}/updates`), o.cookie)).json().updates;
  expect(updates.map((u: { message: string }) => u.message)).toEqual(['Sent by Cat']);
}

const catDone: Person = ['Cat Cole', 'cat@example.com', 'Completed'];

describe('rows that move (no id column)', () => {
  it('deleting a row removes that one client and changes nobody else', async () => {
    const o = await portalWithClients(t.app, { csv: sheet(ann, bob, cat, dan), config: { allowClientUpdates: true } });
    const s = await giveCatState(o, sheet(ann, bob, catDone, dan));
    const bobKey = await keyOf(o, 'Bob Baker');
    const bobLink = await accessToken(t.app, o.cookie, o.portalId, bobKey);

    const report = await sync(o, sheet(ann, catDone, dan));
    expect(report).toMatchObject({ imported: 0, updated: 0, removed: 1, unchanged: 3 });
    await expectCatKeepsEverything(o, s);
    // Bob is removed with his link; nobody else took his key or his link.
    expect((await list(o, true)).map((c) => [c.clientId, c.name])).toEqual([[bobKey, 'Bob Baker']]);
    expect((await lookup(t.app, o.portalId, { token: bobLink })).json()).toEqual(NOT_FOUND);
    // The table still shows row ids; they follow the rows.
    expect((await list(o)).map((c) => [c.displayId, c.name])).toEqual([
      ['client_2', 'Ann Able'],
      ['client_3', 'Cat Cole'],
      ['client_4', 'Dan Dorn'],
    ]);
  });

  it('inserting and reordering rows keeps every client whole and reports one addition', async () => {
    const o = await portalWithClients(t.app, { csv: sheet(ann, bob, cat, dan), config: { allowClientUpdates: true } });
    const s = await giveCatState(o, sheet(ann, bob, catDone, dan));
    const before = new Map((await list(o)).map((c) => [c.name, c.clientId]));

    const report = await sync(o, sheet(eve, dan, catDone, bob, ann));
    expect(report).toMatchObject({ imported: 1, updated: 0, removed: 0, unchanged: 4 });
    await expectCatKeepsEverything(o, s);
    for (const [name, key] of before) expect(await keyOf(o, name)).toBe(key);
    expect((await list(o)).map((c) => c.name)).toEqual(['Eve East', 'Dan Dorn', 'Cat Cole', 'Bob Baker', 'Ann Able']);
  });

  it('keeps a verification code with the client it was sent to', async () => {
    const o = await portalWithClients(t.app, { csv: sheet(ann, bob, cat) });
    await setConfig(t.app, o.cookie, o.portalId, { requireVerification: true });
    expect((await lookup(t.app, o.portalId, { query: 'cat@example.com' })).statusCode).toBe(202);
    await vi.waitFor(() => expect(t.mails.some((m) => m.to === 'cat@example.com')).toBe(true));
    const code = /\b(\d{6})\b/.exec(t.mails.filter((m) => m.to === 'cat@example.com').at(-1)!.subject)![1]!;
    await sync(o, sheet(cat, bob));
    const card = await lookup(t.app, o.portalId, { query: 'cat@example.com', code });
    expect(card.statusCode).toBe(200);
    expect(card.json().client.name).toBe('Cat Cole');
  });

  it("does not carry a deleted client's link or card session over to anyone", async () => {
    const o = await portalWithClients(t.app, { csv: sheet(ann, bob, cat), config: { allowClientUpdates: true } });
    const annKey = await keyOf(o, 'Ann Able');
    const token = await accessToken(t.app, o.cookie, o.portalId, annKey);
    const session = (await lookup(t.app, o.portalId, { token })).json().session as string;
    await sync(o, sheet(bob, cat));
    expect((await lookup(t.app, o.portalId, { token })).json()).toEqual(NOT_FOUND);
    expect((await lookup(t.app, o.portalId, { session })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await sendUpdate(t.app, o.portalId, { session, message: 'Written by Ann' })).statusCode).toBeGreaterThanOrEqual(400);
    const bobKey = await keyOf(o, 'Bob Baker');
    expect((await request(t.app, 'GET', url(o, `/clients/${bobKey}/updates`), o.cookie)).json().updates).toEqual([]);
    expect((await request(t.app, 'GET', url(o, `/clients/${bobKey}/access-link`), o.cookie)).json()).toMatchObject({ active: false });
  });

  it('a changed e-mail without an id column is a new client; the old one is removed', async () => {
    const o = await portalWithClients(t.app, { csv: sheet(ann, bob) });
    const bobKey = await keyOf(o, 'Bob Baker');
    const link = await accessToken(t.app, o.cookie, o.portalId, bobKey);
    const report = await sync(o, sheet(ann, ['Bob Baker', 'bob@new.example.com', 'Pending']));
    expect(report).toMatchObject({ imported: 1, removed: 1, updated: 0 });
    expect(await keyOf(o, 'Bob Baker')).not.toBe(bobKey);
    expect((await lookup(t.app, o.portalId, { token: link })).json()).toEqual(NOT_FOUND);
  });
});

describe('the id column', () => {
  it('added later: clients are matched by e-mail and keep everything; dropped again: the same', async () => {
    const o = await portalWithClients(t.app, { csv: sheet(ann, bob, cat), config: { allowClientUpdates: true } });
    const s = await giveCatState(o, sheet(ann, bob, catDone));
    const keys = new Map((await list(o)).map((c) => [c.name, c.clientId]));

    const added = await sync(o, sheetWithIds(['B-2', bob], ['C-3', catDone], ['A-1', ann]));
    expect(added).toMatchObject({ imported: 0, removed: 0 });
    await expectCatKeepsEverything(o, s);
    for (const [name, key] of keys) expect(await keyOf(o, name)).toBe(key);
    expect((await list(o)).map((c) => [c.displayId, c.name])).toEqual([
      ['B-2', 'Bob Baker'],
      ['C-3', 'Cat Cole'],
      ['A-1', 'Ann Able'],
    ]);
    // From now on the id is who they are: Cat's e-mail changes, she stays Cat.
    const moved = await sync(o, sheetWithIds(['B-2', bob], ['C-3', ['Cat Cole', 'cat@new.example.com', 'Completed']], ['A-1', ann]));
    expect(moved).toMatchObject({ imported: 0, removed: 0, updated: 1 });
    await expectCatKeepsEverything(o, s);

    const dropped = await sync(o, sheet(ann, ['Cat Cole', 'cat@new.example.com', 'Completed'], bob));
    expect(dropped).toMatchObject({ imported: 0, removed: 0 });
    await expectCatKeepsEverything(o, s);
    for (const [name, key] of keys) expect(await keyOf(o, name)).toBe(key);
    expect((await list(o)).map((c) => c.displayId)).toEqual(['client_2', 'client_3', 'client_4']);
  });

  it('a changed e-mail with an id column is the same client', async () => {
    const o = await portalWithClients(t.app, { csv: sheetWithIds(['A-1', ann], ['B-2', bob]) });
    const link = await accessToken(t.app, o.cookie, o.portalId, 'B-2');
    const report = await sync(o, sheetWithIds(['A-1', ann], ['B-2', ['Bob Baker', 'robert@example.com', 'Pending']]));
    expect(report).toMatchObject({ imported: 0, removed: 0, updated: 1 });
    const card = await lookup(t.app, o.portalId, { token: link });
    expect(card.json().client).toMatchObject({ name: 'Bob Baker' });
    expect((await detail(o, 'B-2')).json().email).toBe('robert@example.com');
  });

  it('a blank id is matched by e-mail to its client, never re-keyed by row', async () => {
    const o = await portalWithClients(t.app, { csv: sheetWithIds(['A-1', ann], ['B-2', bob], ['C-3', cat]) });
    const link = await accessToken(t.app, o.cookie, o.portalId, 'B-2');
    expect((await request(t.app, 'PUT', url(o, '/clients/B-2/queue-position'), o.cookie, { position: 1 })).statusCode).toBe(200);
    const report = await sync(o, sheetWithIds(['A-1', ann], ['', bob], ['C-3', cat]));
    expect(report).toMatchObject({ imported: 0, removed: 0, skipped: 0 });
    expect((await lookup(t.app, o.portalId, { token: link })).json().client.name).toBe('Bob Baker');
    expect((await detail(o, 'B-2')).json()).toMatchObject({ name: 'Bob Baker', manualPosition: 1, displayId: 'B-2' });
    expect((await list(o)).map((c) => c.clientId)).toEqual(['A-1', 'B-2', 'C-3']);
  });

  it('a blank id with no client of that e-mail is skipped and said, the rest applies', async () => {
    const o = await portalWithClients(t.app, { csv: sheetWithIds(['A-1', ann], ['B-2', bob]) });
    const report = await sync(o, sheetWithIds(['A-1', ann], ['B-2', bob], ['', dan]));
    expect(report).toMatchObject({ imported: 0, removed: 0, skipped: 1 });
    expect(report.skippedRows).toEqual([{ row: 4, reason: messages.sync.blankClientId }]);
    expect((await list(o)).map((c) => c.clientId)).toEqual(['A-1', 'B-2']);
    const rows = await t.app.ctx.db.select({ id: clients.clientId }).from(clients).where(eq(clients.portalId, o.portalId));
    expect(rows.some((r) => r.id.startsWith('client_'))).toBe(false);
  });
});

// Three or four imports a test: 60 s, for a busy machine.
describe('an upload without a mapping', { timeout: 60_000 }, () => {
  const right = [
    'Client ID,Client Name,Email Address,Status,Priority,Notes',
    'T-1,Ann Able,ann@example.com,In Progress,High,First note',
    'T-2,Bob Baker,bob@example.com,Pending,Low,Second note',
  ].join('\n');
  const wrong = 'Email Address,Email Address,Client Name,Client Name,Status,Status\nann@example.com,ann@example.com,Ann Able,Ann Able,In Progress,In Progress\nbob@example.com,bob@example.com,Bob Baker,Bob Baker,Pending,Pending\n';

  it('is mapped from its own headers: a file with duplicated headers does not stick to the right one', async () => {
    const o = await portalWithClients(t.app, { csv: right });
    expect((await postCsv(t.app, url(o, '/import?confirmDrop=true'), o.cookie, wrong)).statusCode).toBe(200);
    const again = await postCsv(t.app, url(o, '/import?confirmDrop=true'), o.cookie, right);
    expect(again.statusCode).toBe(200);
    expect(again.json().columnMapping).toMatchObject({ id: 0, name: 1, email: 2, status: 3, priority: 4, notes: 5 });
    expect((await detail(o, 'T-1')).json()).toMatchObject({ priority: 'High', notes: 'First note', displayId: 'T-1' });
  });

  // Map Columns starts from the analysis' savedMapping: after the wrong file it must not offer the right one
  // without its id, priority and notes (applying that would drop them), for a new upload as for the kept file.
  const partial = 'Email Address,Client Name,Status\nann@example.com,Ann Able,In Progress\nbob@example.com,Bob Baker,Pending\n';
  const whole = { id: 0, name: 1, email: 2, status: 3, priority: 4, notes: 5 };
  // The wrong file applied through Map Columns, as the wizard sends it: with its mapping, which is then saved.
  it.each([
    ['duplicated headers', wrong, { email: 0, name: 2, status: 4 }],
    ['a partial export', partial, { email: 0, name: 1, status: 2 }],
  ])('Map Columns starts the right file after one with %s from its own headers, as the upload maps it', async (_, before, mapping) => {
    const o = await portalWithClients(t.app, { csv: right });
    const explicit = `/import?confirmDrop=true&columnMapping=${encodeURIComponent(JSON.stringify(mapping))}`;
    expect((await postCsv(t.app, url(o, explicit), o.cookie, before)).statusCode).toBe(200);
    const analysis = await postCsv(t.app, url(o, '/import/analyze'), o.cookie, right);
    expect(analysis.statusCode, analysis.body).toBe(200);
    expect(analysis.json().savedMapping).toMatchObject(whole);
    const applied = await postCsv(t.app, url(o, '/import?confirmDrop=true'), o.cookie, right);
    expect(applied.json().columnMapping).toMatchObject(whole);
    expect((await detail(o, 'T-1')).json()).toMatchObject({ priority: 'High', notes: 'First note' });
    const kept = await request(t.app, 'POST', url(o, '/import/file/analyze'), o.cookie, {});
    expect(kept.json().savedMapping).toMatchObject(whole);
  });

  it('keeps a column chosen by hand that the new headers also have', async () => {
    const o = await portalWithClients(t.app, { csv: 'Name,Email,Status,Remarks\nAnn Able,ann@example.com,Pending,hello\n' });
    const mapping = encodeURIComponent(JSON.stringify({ name: 0, email: 1, status: 2, notes: 3 }));
    expect((await postCsv(t.app, url(o, `/import?columnMapping=${mapping}`), o.cookie, 'Name,Email,Status,Remarks\nAnn Able,ann@example.com,Pending,hello\n')).statusCode).toBe(200);
    const moved = await postCsv(t.app, url(o, '/import'), o.cookie, 'Remarks,Name,Email,Status\nbye,Ann Able,ann@example.com,Pending\n');
    expect(moved.statusCode).toBe(200);
    expect(moved.json().columnMapping).toMatchObject({ notes: 0, name: 1, email: 2, status: 3 });
    expect((await list(o))[0]).toMatchObject({ name: 'Ann Able' });
    expect((await detail(o, await keyOf(o, 'Ann Able'))).json().notes).toBe('bye');
  });
});

describe('portals keyed by row before D9 (migration 0014)', () => {
  /** The migration's data part, as it ran once on every database. */
  const rekey = fs
    .readFileSync(new URL('../../drizzle/0014_client_identity.sql', import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => /client_rekey_d9|"source_id" = c\."client_id"/.test(s));

  it('re-keys client_{row} clients in place, moving their link, history and events with them; real ids stay', async () => {
    const o = await portalWithClients(t.app, { csv: sheet(ann, bob) });
    const db = t.app.ctx.db;
    // As the old code stored them: keyed client_{row}, no source id, a link, history and an event on Bob.
    await db.update(clients).set({ clientId: sql`'client_' || ${clients.row}`, sourceId: null }).where(eq(clients.portalId, o.portalId));
    const link = await accessToken(t.app, o.cookie, o.portalId, 'client_3');
    await db.insert(clientStatusHistory).values({ portalId: o.portalId, clientId: 'client_3', oldStatus: 'New', newStatus: 'Pending' });
    await db.insert(clientEvents).values({ portalId: o.portalId, clientId: 'client_3', type: 'client.added', occurredAt: new Date(), actor: 'system:test', data: {} });
    const withIds = await portalWithClients(t.app, { csv: sheetWithIds(['A-1', ann], ['B-2', bob]) });

    for (const statement of rekey) await db.execute(sql.raw(statement));

    const bobKey = await keyOf(o, 'Bob Baker');
    expect(bobKey).toMatch(/^c_[0-9a-f]{16}$/);
    expect((await lookup(t.app, o.portalId, { token: link })).json().client.name).toBe('Bob Baker');
    expect((await detail(o, bobKey)).json().history.map((h: { newStatus: string }) => h.newStatus)).toContain('Pending');
    const events = await db.select({ clientId: clientEvents.clientId }).from(clientEvents).where(eq(clientEvents.portalId, o.portalId));
    expect(events.map((e) => e.clientId)).toContain(bobKey);
    const tokens = await db.select({ clientId: clientAccessTokens.clientId }).from(clientAccessTokens).where(eq(clientAccessTokens.portalId, o.portalId));
    expect(tokens.map((x) => x.clientId)).toEqual([bobKey]);
    expect((await list(withIds)).map((c) => [c.clientId, c.displayId])).toEqual([
      ['A-1', 'A-1'],
      ['B-2', 'B-2'],
    ]);
    // The next sync matches them by e-mail: nothing changes, nobody is removed.
    const report = await sync(o, sheet(bob, ann));
    expect(report).toMatchObject({ imported: 0, removed: 0, updated: 0 });
    expect(await keyOf(o, 'Bob Baker')).toBe(bobKey);
  });
});
