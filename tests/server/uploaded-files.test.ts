import crypto, { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { portals, portalUploadChunks, portalUploads } from '../../src/server/db/schema';
import { runSync } from '../../src/server/services/sheet-sync/run-sync';
import { cleanFileName, readUpload, sweepOrphanUploadChunks, UPLOAD_CHUNK_BYTES } from '../../src/server/services/sheet-sync/uploaded-files';
import { startFakeGoogleSheets, type FakeGoogleSheets } from '../support/fake-google-sheets';
import { businessWithPortal, liftBusinessApiLimits, postCsv, request, sheetUrl } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// A CSV portal keeps its uploaded file (issue 4 items 5 and 7): the business changes the column mapping, or confirms
// an upload held back for its large drop, without finding the file again; and it can download the file it gave.

vi.setConfig({ testTimeout: 60_000 });

let google: FakeGoogleSheets;
beforeAll(async () => {
  google = await startFakeGoogleSheets();
});
afterAll(async () => {
  await google.close();
});
const t = useTestApp(() => ({ GOOGLE_SHEETS_BASE_URL: google.baseUrl }));
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});

type Owner = { cookie: string; portalId: string };
const base = (o: Owner) => `/api/v1/portals/${o.portalId}`;
const detail = async (o: Owner) => (await request(t.app, 'GET', base(o), o.cookie)).json();
const download = (o: Owner, slot?: 'held') => request(t.app, 'GET', `${base(o)}/import/file${slot ? `?slot=${slot}` : ''}`, o.cookie);
const analyzeKept = (o: Owner) => request(t.app, 'POST', `${base(o)}/import/file/analyze`, o.cookie, {});
const applyKept = (o: Owner, body: Record<string, unknown>) => request(t.app, 'POST', `${base(o)}/import/file/apply`, o.cookie, body);
const clientsOf = async (o: Owner) =>
  (await request(t.app, 'GET', `${base(o)}/clients?pageSize=200`, o.cookie)).json().clients as { clientId: string; email: string; status: string }[];

// Two e-mail columns: the detected mapping takes the first, where Bob has none (his row is skipped).
const TWO_EMAILS = 'ID,Name,Work Email,Home Email,Status,Stage\nC-1,Ann,ann@work.co,ann@home.co,Open,Filed\nC-2,Bob,,bob@home.co,Open,Drafting\n';

describe('the applied upload', () => {
  it('is kept with its name and size, and downloads byte for byte', async () => {
    const o = await businessWithPortal(t.app);
    const csv = `\uFEFF${TWO_EMAILS.replace(/\n/g, '\r\n')}`;
    const res = await postCsv(t.app, `${base(o)}/import?fileName=${encodeURIComponent('Clients (Nov) é.csv')}`, o.cookie, csv);
    expect(res.statusCode, res.body).toBe(200);
    const portal = await detail(o);
    expect(portal.uploads).toEqual({
      applied: {
        fileName: 'Clients (Nov) é.csv',
        size: Buffer.byteLength(csv),
        sha256: createHash('sha256').update(csv).digest('hex'),
        uploadedAt: expect.any(String),
        runId: null,
      },
      held: null,
    });
    const file = await download(o);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Clients (Nov) _.csv"; filename*=UTF-8''Clients%20%28Nov%29%20%C3%A9.csv`);
    expect(file.rawPayload.equals(Buffer.from(csv))).toBe(true);
  });

  it('is read again to change the mapping: rows skipped before come in, and the portal keeps the new mapping', async () => {
    const o = await businessWithPortal(t.app);
    const first = await postCsv(t.app, `${base(o)}/import?fileName=two-emails.csv`, o.cookie, TWO_EMAILS);
    expect(first.json()).toMatchObject({ imported: 1, skipped: 1, columnMapping: { id: 0, name: 1, email: 2, status: 4 } });
    const uploadedFirst = (await detail(o)).uploads.applied.uploadedAt as string;

    const analysis = await analyzeKept(o);
    expect(analysis.statusCode, analysis.body).toBe(200);
    expect(analysis.json()).toMatchObject({
      headers: ['ID', 'Name', 'Work Email', 'Home Email', 'Status', 'Stage'],
      rowCount: 2,
      savedMapping: { id: 0, name: 1, email: 2, status: 4 },
    });
    expect(analysis.json().previewRows[1]).toEqual(['C-2', 'Bob', '', 'bob@home.co', 'Open', 'Drafting']);

    const remapped = await applyKept(o, { columnMapping: { id: 0, name: 1, email: 3, status: 5 } });
    expect(remapped.statusCode, remapped.body).toBe(200);
    expect(remapped.json()).toMatchObject({ status: 'ok', trigger: 'upload', applied: true, rowsRead: 2, imported: 1, updated: 1, skipped: 0 });
    expect((await clientsOf(o)).map((c) => [c.clientId, c.email, c.status])).toEqual([
      ['C-1', 'ann@home.co', 'Filed'],
      ['C-2', 'bob@home.co', 'Drafting'],
    ]);
    const portal = await detail(o);
    expect(portal.source).toMatchObject({ type: 'csv_upload', columnMapping: { id: 0, name: 1, email: 3, status: 5 } });
    // Still the file uploaded first, with its date.
    expect(portal.uploads.applied).toMatchObject({ fileName: 'two-emails.csv', size: TWO_EMAILS.length, uploadedAt: uploadedFirst });

    // The same file and mapping again: nothing changes.
    const again = await applyKept(o, {});
    expect(again.json()).toMatchObject({ status: 'ok', imported: 0, updated: 0, unchanged: 2 });

    // Applying "the file I saw" after another tab uploaded a new one is refused; the file shown applies.
    const seen = portal.uploads.applied.sha256 as string;
    await postCsv(t.app, `${base(o)}/import?fileName=newer.csv&columnMapping=${encodeURIComponent(JSON.stringify({ id: 0, name: 1, email: 3, status: 5 }))}`, o.cookie, `${TWO_EMAILS}C-3,Cy,,cy@home.co,Open,Filed\n`);
    const stale = await applyKept(o, { columnMapping: { id: 0, name: 1, email: 3, status: 4 }, expectedSha256: seen });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toEqual({ code: 'file_changed', message: 'The file has changed since this page showed it (another upload?). Look at it again before applying it.' });
    expect((await clientsOf(o)).map((c) => c.status)).toEqual(['Filed', 'Drafting', 'Filed']);
    const current = (await detail(o)).uploads.applied.sha256 as string;
    expect((await applyKept(o, { columnMapping: { id: 0, name: 1, email: 3, status: 4 }, expectedSha256: current })).statusCode).toBe(200);
    expect((await clientsOf(o)).map((c) => c.status)).toEqual(['Open', 'Open', 'Open']);
  });

  it('is replaced by the next upload, and forgotten when the portal moves to a Google Sheet', async () => {
    const o = await businessWithPortal(t.app);
    await postCsv(t.app, `${base(o)}/import?fileName=first.csv`, o.cookie, TWO_EMAILS);
    const next = `${TWO_EMAILS}C-3,Cy,cy@work.co,,Open,Filed\n`;
    expect((await postCsv(t.app, `${base(o)}/import?fileName=second.csv`, o.cookie, next)).statusCode).toBe(200);
    expect((await detail(o)).uploads.applied.fileName).toBe('second.csv');
    expect((await download(o)).body).toBe(next);
    // The same bytes again under another name: nothing to apply, and the file is kept under its new name.
    const same = await postCsv(t.app, `${base(o)}/import?fileName=renamed.csv`, o.cookie, next);
    expect(same.json()).toMatchObject({ status: 'ok', updated: 0, unchanged: 2 });
    expect((await detail(o)).uploads.applied.fileName).toBe('renamed.csv');

    google.set('moved-to-sheet', { kind: 'csv', body: next });
    const moved = await request(t.app, 'PUT', `${base(o)}/source`, o.cookie, {
      type: 'google_sheet',
      sheetUrl: sheetUrl('moved-to-sheet'),
      columnMapping: { id: 0, name: 1, email: 2, status: 4 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().portal.uploads).toEqual({ applied: null, held: null });
    const gone = await download(o);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toEqual({ code: 'no_file', message: 'This portal has no uploaded file kept. Upload the file again.' });
  });

  it('is kept by a large change too (on the embedded database: staged, and kept at its commit point)', async () => {
    const o = await businessWithPortal(t.app);
    const sheet = (status: string) => `ID,Name,Email,Status\n${Array.from({ length: 2_500 }, (_, i) => `C-${i},Client ${i},c${i}@x.co,${status}`).join('\n')}\n`;
    expect((await postCsv(t.app, `${base(o)}/import?fileName=first.csv`, o.cookie, sheet('Open'))).json()).toMatchObject({ imported: 2_500 });
    const changed = sheet('Filed');
    expect((await postCsv(t.app, `${base(o)}/import?fileName=changed.csv`, o.cookie, changed)).json()).toMatchObject({ status: 'ok', updated: 2_500 });
    expect((await detail(o)).uploads.applied).toMatchObject({ fileName: 'changed.csv', size: changed.length });
    expect((await download(o)).body).toBe(changed);
  });

  it('is not kept by a dry run or a failed import, and a portal without one says so', async () => {
    const o = await businessWithPortal(t.app);
    expect((await postCsv(t.app, `${base(o)}/import?dryRun=true`, o.cookie, TWO_EMAILS)).json()).toMatchObject({ applied: false });
    const failed = await postCsv(t.app, `${base(o)}/import`, o.cookie, 'ID,Name,Email,Status\nA,Ann,ann@x.co,Open\nA,Bob,bob@x.co,Open\n');
    expect(failed.statusCode).toBe(422);
    expect((await detail(o)).uploads).toEqual({ applied: null, held: null });
    for (const res of [await download(o), await analyzeKept(o), await applyKept(o, {})]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('no_file');
    }
    const held = await applyKept(o, { slot: 'held', confirmDrop: true });
    expect(held.json().error).toEqual({ code: 'no_file', message: 'No upload is waiting for confirmation. Upload the file again.' });
  });
});

describe('an upload held back for its large drop', () => {
  const FOUR = 'Ref,Who,Mail,State\nR1,Ann,ann@x.co,Open\nR2,Bob,bob@x.co,Open\nR3,Cy,cy@x.co,Open\nR4,Di,di@x.co,Open\n';
  const MAPPING = { id: 0, name: 1, email: 2, status: 3 };

  it('is kept with the mapping it was sent with, and confirming it applies that file', async () => {
    const o = await businessWithPortal(t.app);
    const mapping = encodeURIComponent(JSON.stringify(MAPPING));
    expect((await postCsv(t.app, `${base(o)}/import?columnMapping=${mapping}&fileName=all.csv`, o.cookie, FOUR)).statusCode).toBe(200);
    // The new file's columns are in another order, so only its own mapping reads it right.
    const one = 'State,Mail,Who,Ref\nDone,ann@x.co,Ann,R1\n';
    const oneMapping = encodeURIComponent(JSON.stringify({ id: 3, name: 2, email: 1, status: 0 }));
    const heldBack = await postCsv(t.app, `${base(o)}/import?columnMapping=${oneMapping}&fileName=one.csv`, o.cookie, one);
    expect(heldBack.statusCode).toBe(409);
    expect(heldBack.json().error.code).toBe('confirm_drop');

    let portal = await detail(o);
    expect(portal.uploads.applied).toMatchObject({ fileName: 'all.csv' });
    expect(portal.uploads.held).toMatchObject({ fileName: 'one.csv', size: one.length });
    expect(portal.lastRun).toMatchObject({ status: 'needs_confirmation' });
    expect((await download(o, 'held')).body).toBe(one);
    expect(await clientsOf(o)).toHaveLength(4);

    // Not confirmed: held back again, nothing changes.
    const unconfirmed = await applyKept(o, { slot: 'held' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(await clientsOf(o)).toHaveLength(4);

    const confirmed = await applyKept(o, { slot: 'held', confirmDrop: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'ok', updated: 1, removed: 3 });
    expect((await clientsOf(o)).map((c) => [c.clientId, c.status])).toEqual([['R1', 'Done']]);
    portal = await detail(o);
    expect(portal.uploads.held).toBeNull();
    expect(portal.uploads.applied).toMatchObject({ fileName: 'one.csv' });
    expect(portal.source.columnMapping).toEqual({ id: 3, name: 2, email: 1, status: 0 });
    expect((await download(o)).body).toBe(one);
  });

  it('is dropped when another upload applies', async () => {
    const o = await businessWithPortal(t.app);
    const url = `${base(o)}/import?columnMapping=${encodeURIComponent(JSON.stringify(MAPPING))}`;
    expect((await postCsv(t.app, url, o.cookie, FOUR)).statusCode).toBe(200);
    expect((await postCsv(t.app, url, o.cookie, 'Ref,Who,Mail,State\nR1,Ann,ann@x.co,Open\n')).statusCode).toBe(409);
    expect((await detail(o)).uploads.held).not.toBeNull();
    expect((await postCsv(t.app, url, o.cookie, `${FOUR}R5,Ed,ed@x.co,Open\n`)).statusCode).toBe(200);
    expect((await detail(o)).uploads).toMatchObject({ applied: { fileName: null }, held: null });
  });
});

describe('an upload held back on a Google Sheet portal', () => {
  it('is dropped once the sheet syncs again; one held with its date order applies with it', async () => {
    const o = await businessWithPortal(t.app);
    google.set('held-on-sheet', { kind: 'csv', body: 'ID,Name,Email,Status\nA,Ann,ann@x.co,Open\nB,Bob,bob@x.co,Open\nC,Cy,cy@x.co,Open\n' });
    const connect = await request(t.app, 'PUT', `${base(o)}/source`, o.cookie, {
      type: 'google_sheet',
      sheetUrl: sheetUrl('held-on-sheet'),
      columnMapping: { id: 0, name: 1, email: 2, status: 3 },
    });
    expect(connect.statusCode).toBe(200);
    const one = 'ID,Name,Email,Status,Due\nA,Ann,ann@x.co,Done,03/04/2027\n';
    const url = `${base(o)}/import?dateOrder=dmy&fileName=one.csv&columnMapping=${encodeURIComponent(JSON.stringify({ id: 0, name: 1, email: 2, status: 3, date: 4 }))}`;
    const heldBack = await postCsv(t.app, url, o.cookie, one);
    expect(heldBack.statusCode).toBe(409);
    let portal = await detail(o);
    expect(portal.uploads.held).toMatchObject({ fileName: 'one.csv', runId: portal.lastRun.id });
    expect(portal.lastRun).toMatchObject({ status: 'needs_confirmation', sourceType: 'csv_upload' });

    // The sheet syncs (by hand or on schedule): the held upload no longer applies, and is gone.
    expect((await request(t.app, 'POST', `${base(o)}/sync`, o.cookie, {})).statusCode).toBe(200);
    portal = await detail(o);
    expect(portal.uploads).toEqual({ applied: null, held: null });
    expect((await applyKept(o, { slot: 'held', confirmDrop: true })).statusCode).toBe(404);

    // Held again and confirmed: it applies with the mapping and date order it was sent with (day first); the portal
    // is a CSV portal now.
    expect((await postCsv(t.app, url, o.cookie, one)).statusCode).toBe(409);
    const confirmed = await applyKept(o, { slot: 'held', confirmDrop: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    portal = await detail(o);
    expect(portal.source).toMatchObject({ type: 'csv_upload', dateOrder: 'dmy', sheetId: null, columnMapping: { id: 0, name: 1, email: 2, status: 3, date: 4 } });
    expect(portal.uploads).toMatchObject({ applied: { fileName: 'one.csv' }, held: null });
    const [ann] = (await request(t.app, 'GET', `${base(o)}/clients`, o.cookie)).json().clients;
    expect(ann).toMatchObject({ clientId: 'A', status: 'Done', dueDate: '2027-04-03' });
  });
});

describe('the stored bytes', () => {
  /** The portal's stored chunks: how many uploads, how many chunks. */
  const chunksOf = async (o: Owner) => {
    const rows = await t.app.ctx.db
      .select({ uploadId: portalUploadChunks.uploadId, seq: portalUploadChunks.seq, size: sql<number>`length(${portalUploadChunks.data})` })
      .from(portalUploadChunks)
      .where(eq(portalUploadChunks.portalId, o.portalId));
    return { uploads: new Set(rows.map((r) => r.uploadId)).size, chunks: rows.length, largest: Math.max(0, ...rows.map((r) => Number(r.size))) };
  };
  // Notes that do not compress much: the file is stored in several chunks.
  const bulky = (status: string) =>
    `ID,Name,Email,Status,Notes\n${Array.from({ length: 3_000 }, (_, i) => `C-${i},Client ${i},c${i}@x.co,${status},${createHash('sha256').update(`${i}`).digest('hex')}`).join('\n')}\n`;

  it('are written in chunks, read back whole, shared when a held file is confirmed, and dropped with the file', async () => {
    const o = await businessWithPortal(t.app);
    const first = bulky('Open');
    expect((await postCsv(t.app, `${base(o)}/import`, o.cookie, first)).statusCode).toBe(200);
    let stored = await chunksOf(o);
    expect(stored.uploads).toBe(1);
    expect(stored.chunks).toBeGreaterThan(1);
    expect(stored.largest).toBeLessThanOrEqual(UPLOAD_CHUNK_BYTES);
    expect((await download(o)).body).toBe(first);

    // A failed import keeps nothing and leaves no bytes.
    expect((await postCsv(t.app, `${base(o)}/import`, o.cookie, `${first}C-1,Again,again@x.co,Open,x\n`)).statusCode).toBe(422);
    expect((await chunksOf(o)).uploads).toBe(1);

    // Held back: its bytes are stored beside the applied file's; confirmed, they are the applied file's, the old ones go.
    const small = 'ID,Name,Email,Status,Notes\nC-1,Client 1,c1@x.co,Done,\n';
    expect((await postCsv(t.app, `${base(o)}/import`, o.cookie, small)).statusCode).toBe(409);
    expect((await chunksOf(o)).uploads).toBe(2);
    const heldId = (await t.app.ctx.db.select().from(portalUploads).where(eq(portalUploads.portalId, o.portalId))).find((r) => r.slot === 'held')!.uploadId;
    expect((await applyKept(o, { slot: 'held', confirmDrop: true })).statusCode).toBe(200);
    const rows = await t.app.ctx.db.select().from(portalUploads).where(eq(portalUploads.portalId, o.portalId));
    expect(rows.map((r) => [r.slot, r.uploadId])).toEqual([['applied', heldId]]);
    stored = await chunksOf(o);
    expect(stored).toMatchObject({ uploads: 1, chunks: 1 });
    expect((await download(o)).body).toBe(small);

    // The portal moves on to a Google Sheet: no bytes left.
    google.set('chunks-to-sheet', { kind: 'csv', body: small });
    const moved = await request(t.app, 'PUT', `${base(o)}/source`, o.cookie, { type: 'google_sheet', sheetUrl: sheetUrl('chunks-to-sheet'), columnMapping: { id: 0, name: 1, email: 2, status: 3 } });
    expect(moved.statusCode).toBe(200);
    expect(await chunksOf(o)).toMatchObject({ uploads: 0, chunks: 0 });
  });

  it('of a kept file read just before another upload moved its slot on are written again when it applies', async () => {
    const o = await businessWithPortal(t.app);
    const mapping = { id: 0, name: 1, email: 2, status: 3 };
    const url = `${base(o)}/import?columnMapping=${encodeURIComponent(JSON.stringify(mapping))}`;
    const four = 'Ref,Who,Mail,State\nR1,Ann,ann@x.co,Open\nR2,Bob,bob@x.co,Open\nR3,Cy,cy@x.co,Open\nR4,Di,di@x.co,Open\n';
    expect((await postCsv(t.app, url, o.cookie, four)).statusCode).toBe(200);
    const one = 'Ref,Who,Mail,State\nR1,Ann,ann@x.co,Done\n';
    expect((await postCsv(t.app, url, o.cookie, one)).statusCode).toBe(409);
    // One tab reads the held file to confirm it (as POST .../import/file/apply does, before it takes the lease)...
    const read = await readUpload(t.app.ctx.db, o.portalId, 'held');
    // ...another applies a new upload first: the held slot is gone, and its bytes with it.
    expect((await postCsv(t.app, url, o.cookie, `${four}R5,Ed,ed@x.co,Open\n`)).statusCode).toBe(200);
    const stale = await t.app.ctx.db.select().from(portalUploadChunks).where(eq(portalUploadChunks.uploadId, read.packed.uploadId));
    expect(stale).toHaveLength(0);
    // The first tab's apply goes on with what it read: its bytes are stored again, not pointed at.
    const [portal] = await t.app.ctx.db.select().from(portals).where(eq(portals.id, o.portalId));
    const result = await runSync(
      { ...t.app.ctx },
      { portalId: o.portalId, businessId: portal!.businessId, timeZone: 'UTC', trigger: 'upload', confirmDrop: true, upload: { bytes: read.bytes, mapping, packed: read.packed } },
    );
    expect(result.applied).toBe(true);
    expect((await download(o)).body).toBe(one);
  });

  it('left by a run that stopped are swept after an hour; kept ones stay', async () => {
    const o = await businessWithPortal(t.app);
    expect((await postCsv(t.app, `${base(o)}/import`, o.cookie, bulky('Open'))).statusCode).toBe(200);
    const kept = await chunksOf(o);
    const orphan = crypto.randomUUID();
    await t.app.ctx.db.insert(portalUploadChunks).values([
      { uploadId: orphan, seq: 0, portalId: o.portalId, data: Buffer.from('old'), createdAt: new Date(Date.now() - 2 * 3600_000) },
      { uploadId: crypto.randomUUID(), seq: 0, portalId: o.portalId, data: Buffer.from('a run still storing'), createdAt: new Date() },
    ]);
    // A portal a run holds (however long it has run) keeps what it stored.
    const busy = await businessWithPortal(t.app);
    const running = crypto.randomUUID();
    await t.app.ctx.db.insert(portalUploadChunks).values({ uploadId: running, seq: 0, portalId: busy.portalId, data: Buffer.from('slow run'), createdAt: new Date(Date.now() - 2 * 3600_000) });
    await t.app.ctx.db.update(portals).set({ syncLeaseExpiresAt: new Date(Date.now() + 60_000) }).where(eq(portals.id, busy.portalId));
    expect(await sweepOrphanUploadChunks(t.app.ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await t.app.ctx.db.select().from(portalUploadChunks).where(eq(portalUploadChunks.uploadId, running))).toHaveLength(1);
    const after = await t.app.ctx.db.select({ uploadId: portalUploadChunks.uploadId }).from(portalUploadChunks).where(eq(portalUploadChunks.portalId, o.portalId));
    expect(after.some((r) => r.uploadId === orphan)).toBe(false);
    expect(new Set(after.map((r) => r.uploadId)).size).toBe(kept.uploads + 1);
    expect((await download(o)).statusCode).toBe(200);
  });
});

describe('cleanFileName', () => {
  it('keeps the last path segment, printable, at most 200 characters', () => {
    expect(cleanFileName('C:\\Users\\ann\\clients.csv')).toBe('clients.csv');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a"b\u0000\r\nc.csv')).toBe('abc.csv');
    expect(cleanFileName('   ')).toBeNull();
    expect(cleanFileName(undefined)).toBeNull();
    expect(cleanFileName(`${'x'.repeat(300)}.csv`)).toHaveLength(200);
  });
});
