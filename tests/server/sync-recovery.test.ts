import { parse } from 'csv-parse/sync';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientEvents, clients, clientStatusHistory, jobs, portalEstimateState, portals, syncRuns, webhookDeliveries } from '../../src/server/db/schema';
import { startSheetSyncJob } from '../../src/server/jobs/sheet-sync-job';
import { failInterruptedRuns, failStaleRunsOf } from '../../src/server/services/sheet-sync/run-recovery';
import { acquireSyncLease, releaseSyncLease } from '../../src/server/services/sheet-sync/sync-lease';
import { runSync } from '../../src/server/services/sheet-sync/run-sync';
import { dropOrphanStagedTables, finishStagedApply } from '../../src/server/services/sheet-sync/staged-apply';
import type { SyncFailurePoint } from '../../src/server/services/sheet-sync/sync-types';
import { onSyncProgress } from '../../src/server/services/sheet-sync/sync-progress';
import { makeSheet } from '../support/make-sheet';
import { businessWithPortal, fixtureSheet, liftBusinessApiLimits, postCsv, request } from '../support/sheets';
import { testDbKind } from '../support/test-database';
import { useTestApp } from '../support/test-app';

// A first import written in steps (embedded database, decision 0022) that a crash interrupted leaves its clients
// and a run marked 'running'. The next run of the portal, or the next start, undoes it; neither may delete the
// clients of a sync that applied after it.

const t = useTestApp({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' });
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});

const sheet = fixtureSheet('tax-preparer.csv');

/** What a crash in the middle of a stepped first import leaves: some of its clients, and its run 'running'. */
async function leftByACrash(portalId: string, startedAt: Date) {
  await t.app.ctx.db.insert(syncRuns).values({ portalId, trigger: 'upload', sourceType: 'csv_upload', status: 'running', phase: 'writing', insertsInSteps: true, startedAt });
  await t.app.ctx.db.insert(clients).values(
    [1, 2, 3].map((n) => ({
      portalId,
      clientId: `P-${n}`,
      row: n + 1,
      name: `Partial ${n}`,
      email: `partial${n}@example.com`,
      emailNormalized: `partial${n}@example.com`,
      nameNormalized: `partial ${n}`,
      status: 'Pending',
      raw: {},
      contentHash: 'x',
    })),
  );
}

/**
 * Gives the portal's lease to another instance (as if ours had expired) once a progress step of `phase` reports
 * `rows`. Call `stop()` when done; `taken()` says whether it happened.
 */
function leaseTakenAt(portalId: string, phase: string, rows: number) {
  let taken = false;
  const stop = onSyncProgress((_run, p) => {
    if (taken || p.phase !== phase || p.rowsProcessed < rows) return;
    taken = true;
    void t.app.ctx.db
      .update(portals)
      .set({ syncLeaseOwner: 'another-instance', syncLeaseExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(portals.id, portalId))
      .execute();
  });
  return { stop, taken: () => taken };
}

const clientCount = async (portalId: string) => (await t.app.ctx.db.select({ n: count() }).from(clients).where(eq(clients.portalId, portalId)))[0]!.n;
const eventCount = (portalId: string) => t.app.ctx.db.$count(clientEvents, eq(clientEvents.portalId, portalId));

describe('an interrupted first import written in steps', () => {
  it('is undone by the next import of its portal, which then applies in full; a later clean-up leaves that alone', async () => {
    const o = await businessWithPortal(t.app);
    await leftByACrash(o.portalId, new Date(Date.now() - 60_000));
    expect(await clientCount(o.portalId)).toBe(3);

    const res = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, sheet);
    expect(res.statusCode).toBe(200);
    // The partial clients were the crashed run's: gone before this import read the portal, not "removed" by it.
    expect(res.json()).toMatchObject({ status: 'ok', imported: 12, removed: 0 });
    expect(await clientCount(o.portalId)).toBe(12);
    const runs = await t.app.ctx.db.select().from(syncRuns).where(eq(syncRuns.portalId, o.portalId));
    expect(runs.map((r) => r.status).sort()).toEqual(['failed', 'ok']);
    expect(runs.find((r) => r.status === 'failed')!.errorMessage).toBe('The sync was interrupted before it finished. Nothing was changed.');

    // A stale stepped run older than the applied import (its clean-up never ran): failed, and the clients stay.
    await t.app.ctx.db.insert(syncRuns).values({
      portalId: o.portalId,
      trigger: 'upload',
      sourceType: 'csv_upload',
      status: 'running',
      insertsInSteps: true,
      startedAt: new Date(Date.now() - 3_600_000),
    });
    expect(await failInterruptedRuns(t.app.ctx.db)).toBe(1);
    expect(await clientCount(o.portalId)).toBe(12);
  });

  it('is undone at the next start when no run of its portal came after it', async () => {
    const o = await businessWithPortal(t.app);
    await leftByACrash(o.portalId, new Date(Date.now() - 60_000));
    expect(await failInterruptedRuns(t.app.ctx.db)).toBe(1);
    expect(await clientCount(o.portalId)).toBe(0);
    const [run] = await t.app.ctx.db.select().from(syncRuns).where(and(eq(syncRuns.portalId, o.portalId)));
    expect(run).toMatchObject({ status: 'failed', phase: 'done' });
  });
});

describe('a sync that loses its lease while it writes', () => {
  it('writes nothing more and does not commit; the run now holding the lease undoes its steps', async () => {
    const o = await businessWithPortal(t.app);
    // Another instance takes the lease once 2,000 rows are written (as if ours had expired; on PostgreSQL the first
    // COPY batch reports 5,000, and 7,000 more follow).
    const { stop, taken } = leaseTakenAt(o.portalId, 'writing', 2000);
    try {
      const res = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, makeSheet(12_000));
      expect(taken()).toBe(true);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'sync_in_progress' });
    } finally {
      stop();
    }
    // The lost run stopped at its next step and left its record and steps to the lease's holder (PostgreSQL: its
    // one transaction rolled back, nothing to undo).
    const [left] = await t.app.ctx.db.select().from(syncRuns).where(eq(syncRuns.portalId, o.portalId));
    expect(left).toMatchObject({ status: 'running' });
    expect(await clientCount(o.portalId)).toBeLessThanOrEqual(testDbKind === 'pglite' ? 3000 : 0);
    // Its steps wrote their clients' events with them (embedded database), never handed to subscribers.
    if (testDbKind === 'pglite') expect(await eventCount(o.portalId)).toBe(await clientCount(o.portalId));
    const [portal] = await t.app.ctx.db.select().from(portals).where(eq(portals.id, o.portalId));
    expect(portal).toMatchObject({ lastSyncedAt: null, lastError: null });
    // The holder's run fails and undoes it before reading the clients.
    expect(await failStaleRunsOf(t.app.ctx.db, o.portalId, 'another-instance')).toBe(1);
    expect(await clientCount(o.portalId)).toBe(0);
    // Its events go with its clients: none tells of a client that never was.
    expect(await eventCount(o.portalId)).toBe(0);
    const [failed] = await t.app.ctx.db.select().from(syncRuns).where(eq(syncRuns.portalId, o.portalId));
    expect(failed).toMatchObject({ status: 'failed' });
  });
});

describe('a portal deleted while its import writes', () => {
  it('answers the import 404 (not found) on the embedded database; on PostgreSQL the delete waits for it', async () => {
    const o = await businessWithPortal(t.app);
    let deleting: Promise<unknown> | null = null;
    const stop = onSyncProgress((_run, p) => {
      if (deleting || p.phase !== 'writing' || p.rowsProcessed < 2000) return;
      deleting = t.app.ctx.db.delete(portals).where(eq(portals.id, o.portalId)).execute();
    });
    try {
      const res = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, makeSheet(12_000));
      expect(deleting).not.toBeNull();
      await deleting;
      if (testDbKind === 'pglite') {
        // Deleted between two writing steps: the next step fails on the foreign key, and the answer says why.
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toMatchObject({ code: 'not_found' });
      } else {
        // The import's transaction holds the portal row (its new clients reference it): the delete comes after.
        expect(res.statusCode).toBe(200);
      }
    } finally {
      stop();
    }
    expect(await clientCount(o.portalId)).toBe(0);
  });
});

describe('a client placed by hand while a sync of its portal runs', () => {
  it('is refused with 409 (the sync would write its own queue over it), and works once the sync is done', async () => {
    const o = await businessWithPortal(t.app);
    expect((await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, sheet)).statusCode).toBe(200);
    const token = await acquireSyncLease(t.app.ctx.db, o.portalId);
    expect(token).not.toBeNull();
    const url = `/api/v1/portals/${o.portalId}/clients/T-1009/queue-position`;
    // A short holder (a queue recalculation) would be waited for; this one stays, so after 5 s of the app's clock: 409.
    const busy = await request(t.app, 'PUT', url, o.cookie, { position: 1 });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatchObject({ code: 'sync_in_progress', message: 'The queue of this portal is being updated right now. Please try again in a moment.' });
    const [before] = await t.app.ctx.db.select().from(clients).where(and(eq(clients.portalId, o.portalId), eq(clients.clientId, 'T-1009')));
    expect(before!.manualPosition).toBeNull();
    await releaseSyncLease(t.app.ctx.db, o.portalId, token!);
    const done = await request(t.app, 'PUT', url, o.cookie, { position: 1 });
    expect(done.statusCode).toBe(200);
    // Held only briefly (as by the daily recalculation): the move waits for it instead of failing. The holder lets
    // go while the move waits (its first wait on the app's clock), so no wall-clock time passes.
    const brief = await acquireSyncLease(t.app.ctx.db, o.portalId);
    const sleep = t.clock.sleep;
    const waits: number[] = [];
    t.clock.sleep = async (ms) => {
      waits.push(ms);
      if (waits.length === 1) await releaseSyncLease(t.app.ctx.db, o.portalId, brief!);
      return sleep(ms);
    };
    try {
      const waited = await request(t.app, 'PUT', url, o.cookie, { position: 2 });
      expect(waited.statusCode).toBe(200);
      expect(waits).toEqual([200]);
    } finally {
      t.clock.sleep = sleep;
    }
  });
});

describe.runIf(testDbKind === 'pglite')('a large change applied in steps past its commit point (embedded database)', () => {
  const rows = 3000;
  const stageTables = async () =>
    ((await t.app.ctx.db.execute(sql`select relname as name from pg_class where relname like 'sync\\_stage\\_%'`)) as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
  const names = async (portalId: string) =>
    new Map((await t.app.ctx.db.select({ clientId: clients.clientId, name: clients.name }).from(clients).where(eq(clients.portalId, portalId))).map((c) => [c.clientId, c.name]));
  const rowsOf = (csv: string) => (parse(csv, { from_line: 2 }) as string[][]).map((r) => ({ clientId: r[0]!, name: r[1]!, status: r[3]! }));

  /**
   * Imports `rows` clients, then another file over them (every client's data changes) and, once 1,000 rows are
   * applied, gives the lease to another instance (as if ours had expired): the run stops at its next step,
   * committed but not finished. Returns the portal, the second file and the run left behind.
   */
  async function stopMidApply() {
    const o = await businessWithPortal(t.app);
    expect((await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, makeSheet(rows))).statusCode).toBe(200);
    const { stop, taken } = leaseTakenAt(o.portalId, 'committing', 1000);
    const csv = makeSheet(rows, 43, 0);
    let res;
    try {
      res = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, csv);
    } finally {
      stop();
    }
    expect(taken()).toBe(true);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: 'sync_unfinished' });
    const [left] = await t.app.ctx.db.select().from(syncRuns).where(and(eq(syncRuns.portalId, o.portalId), eq(syncRuns.status, 'running')));
    expect(left!.stagedApply).toMatchObject({ committed: true });
    const midway = await names(o.portalId);
    const applied = rowsOf(csv).filter((c) => midway.get(c.clientId) === c.name).length;
    expect(applied).toBeGreaterThanOrEqual(1000);
    expect(applied).toBeLessThan(rows);
    return { o, csv, run: left! };
  }

  it('stopped midway, is finished from where it stopped by the next run of its portal, no step twice', async () => {
    const { o, csv, run: left } = await stopMidApply();
    expect(await stageTables()).not.toHaveLength(0);

    // The lease's holder finishes it before reading the clients; a clean-up running at the same time takes turns
    // with it step by step, and no step is applied twice.
    const [finished] = await Promise.all([failStaleRunsOf(t.app.ctx.db, o.portalId, 'another-instance'), finishStagedApply(t.app.ctx.db, left.id)]);
    expect(finished).toBe(1);
    const after = await names(o.portalId);
    expect(rowsOf(csv).every((c) => after.get(c.clientId) === c.name)).toBe(true);
    const [run] = await t.app.ctx.db.select().from(syncRuns).where(eq(syncRuns.id, left.id));
    expect(run).toMatchObject({ status: 'ok', phase: 'done', updated: rows, stagedApply: null, rowsProcessed: rows, rowsTotal: rows });
    const before = rowsOf(makeSheet(rows));
    const changed = rowsOf(csv).filter((r, i) => r.status !== before[i]!.status).length;
    const [history] = await t.app.ctx.db.select({ n: count() }).from(clientStatusHistory).where(eq(clientStatusHistory.syncRunId, left.id));
    expect(history!.n).toBe(changed);
    expect(await stageTables()).toHaveLength(0);
    const [portal] = await t.app.ctx.db.select().from(portals).where(eq(portals.id, o.portalId));
    expect(portal!.queueComputedFor).not.toBeNull();
  });

  it('stopped midway, is finished by the clean-up job, which hands its client events to subscribers as the run would', async () => {
    const { o, csv } = await stopMidApply();
    const hook = await request(t.app, 'POST', '/api/v1/webhooks', o.cookie, { url: 'http://127.0.0.1:3311/hook', events: ['client.status_changed'] });
    expect(hook.statusCode, hook.body).toBe(201);
    // The other instance's lease lapses; the sync job's next round finds the run.
    await t.app.ctx.db.update(portals).set({ syncLeaseOwner: null, syncLeaseExpiresAt: null }).where(eq(portals.id, o.portalId));
    const job = startSheetSyncJob(t.app.ctx, { tickMs: 3_600_000 });
    try {
      await job.tick();
    } finally {
      await job.stop();
    }
    const after = await names(o.portalId);
    expect(rowsOf(csv).every((c) => after.get(c.clientId) === c.name)).toBe(true);
    const changed = await t.app.ctx.db.$count(clientEvents, and(eq(clientEvents.portalId, o.portalId), eq(clientEvents.type, 'client.status_changed')));
    expect(changed).toBeGreaterThan(0);
    expect(await t.app.ctx.db.$count(webhookDeliveries, eq(webhookDeliveries.endpointId, hook.json().id))).toBe(changed);
  }, 60_000);

  it('stopped midway, is finished first by a manual queue position, which then applies to whole data', { timeout: 60_000 }, async () => {
    const { o, csv, run: left } = await stopMidApply();
    // The other instance's lease lapses; before the clean-up's next round the business places a client by hand.
    await t.app.ctx.db.update(portals).set({ syncLeaseExpiresAt: new Date(Date.now() - 1000) }).where(eq(portals.id, o.portalId));
    const first = rowsOf(csv)[0]!;
    const res = await request(t.app, 'PUT', `/api/v1/portals/${o.portalId}/clients/${first.clientId}/queue-position`, o.cookie, { position: 1 });
    expect(res.statusCode).toBe(200);
    const [run] = await t.app.ctx.db.select().from(syncRuns).where(eq(syncRuns.id, left.id));
    expect(run).toMatchObject({ status: 'ok', stagedApply: null });
    const after = await names(o.portalId);
    expect(rowsOf(csv).every((c) => after.get(c.clientId) === c.name)).toBe(true);
    const [placed] = await t.app.ctx.db.select().from(clients).where(and(eq(clients.portalId, o.portalId), eq(clients.clientId, first.clientId)));
    expect(placed!.manualPosition).toBe(1);
  });

  it('that cannot be finished is given up after three tries without stopping the clean-up; a re-sync of the same file heals it', { timeout: 60_000 }, async () => {
    const { o, csv, run: left } = await stopMidApply();
    await t.app.ctx.db.update(portals).set({ syncLeaseOwner: null, syncLeaseExpiresAt: null }).where(eq(portals.id, o.portalId));
    // A table it still needs is gone: every try fails.
    const updatesTable = left.stagedApply!.tables.find((x) => x.kind === 'updates')!.table;
    await t.app.ctx.db.execute(sql.raw(`drop table ${updatesTable}`));
    for (const attempt of [1, 2]) {
      expect(await failInterruptedRuns(t.app.ctx.db)).toBe(1);
      const [still] = await t.app.ctx.db.select().from(syncRuns).where(eq(syncRuns.id, left.id));
      expect(still).toMatchObject({ status: 'running', stagedApply: { committed: true, attempts: attempt } });
    }
    expect(await failInterruptedRuns(t.app.ctx.db)).toBe(1);
    const [given] = await t.app.ctx.db.select().from(syncRuns).where(eq(syncRuns.id, left.id));
    expect(given).toMatchObject({ status: 'failed', stagedApply: null });
    expect(given!.errorMessage).toMatch(/stopped partway/);
    const [portal] = await t.app.ctx.db.select().from(portals).where(eq(portals.id, o.portalId));
    expect(portal).toMatchObject({ sourceFingerprint: null, queueComputedFor: null });
    expect(portal!.lastError).toMatch(/Sync again/);
    expect(await stageTables()).toHaveLength(0);
    // Not an "unchanged" shortcut: the same file applies the rest.
    const again = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, csv);
    expect(again.statusCode).toBe(200);
    expect(again.json().updated).toBeGreaterThan(0);
    const after = await names(o.portalId);
    expect(rowsOf(csv).every((c) => after.get(c.clientId) === c.name)).toBe(true);
  });

  it('its lease lost while staging: refused at the commit point, the clients untouched and its tables dropped', async () => {
    const o = await businessWithPortal(t.app);
    expect((await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, makeSheet(rows))).statusCode).toBe(200);
    const { stop, taken } = leaseTakenAt(o.portalId, 'writing', 1000);
    let res;
    try {
      res = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, makeSheet(rows, 43, 0));
    } finally {
      stop();
    }
    expect(taken()).toBe(true);
    expect(res.statusCode).toBe(409);
    const first = rowsOf(makeSheet(rows))[0]!;
    expect((await names(o.portalId)).get(first.clientId)).toBe(first.name);
    expect(await stageTables()).toHaveLength(0);
    expect(await failStaleRunsOf(t.app.ctx.db, o.portalId, 'another-instance')).toBe(1);
    const runs = await t.app.ctx.db.select().from(syncRuns).where(eq(syncRuns.portalId, o.portalId));
    expect(runs.map((r) => r.status).sort()).toEqual(['failed', 'ok']);
  });

  it('deleted with its portal midway: the import answers 404 and leaves no staged rows; stray tables are swept', async () => {
    const o = await businessWithPortal(t.app);
    expect((await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, makeSheet(rows))).statusCode).toBe(200);
    let deleting: Promise<unknown> | null = null;
    const stop = onSyncProgress((_run, p) => {
      if (deleting || p.phase !== 'committing' || p.rowsProcessed < 1000) return;
      deleting = t.app.ctx.db.delete(portals).where(eq(portals.id, o.portalId)).execute();
    });
    try {
      const res = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, makeSheet(rows, 43, 0));
      expect(deleting).not.toBeNull();
      await deleting;
      expect(res.statusCode).toBe(404);
    } finally {
      stop();
    }
    expect(await stageTables()).toHaveLength(0);
    // A process that died while staging for a portal deleted since leaves tables no run names: swept (at start, and
    // by the sync job's rounds).
    await t.app.ctx.db.execute(sql`create table sync_stage_0123456789ab_updates (n serial primary key)`);
    expect(await dropOrphanStagedTables(t.app.ctx.db)).toBe(1);
    expect(await stageTables()).toHaveLength(0);
  });
});

describe('a write stopped at each failure point (the embedded writers, chosen for the test on either database)', () => {
  const rows = 1500;
  /** The embedded database's writers (a first import in steps, a large change staged), on whichever database runs. */
  const embedded = { oneTransactionAtATime: true, copy: false };
  const stopAt = (at: SyncFailurePoint) => (point: SyncFailurePoint) => {
    if (point === at) throw new Error(`stopped at ${point}`);
  };
  const stageTables = async () => ((await t.app.ctx.db.execute(sql`select relname from pg_class where relname like 'sync\\_stage\\_%'`)) as unknown as { rows: unknown[] }).rows;
  const names = async (portalId: string) =>
    new Map((await t.app.ctx.db.select({ clientId: clients.clientId, name: clients.name }).from(clients).where(eq(clients.portalId, portalId))).map((c) => [c.clientId, c.name]));
  const namesOf = (csv: string) => new Map((parse(csv, { from_line: 2 }) as string[][]).map((r) => [r[0]!, r[1]!]));
  const runsOf = (portalId: string) => t.app.ctx.db.select().from(syncRuns).where(eq(syncRuns.portalId, portalId)).orderBy(syncRuns.startedAt);

  async function importWith(portalId: string, csv: string, failAt?: (point: SyncFailurePoint) => void) {
    const [portal] = await t.app.ctx.db.select().from(portals).where(eq(portals.id, portalId));
    const input = { portalId, businessId: portal!.businessId, timeZone: 'UTC', trigger: 'upload' as const, upload: { bytes: Buffer.from(csv) } };
    return runSync({ ...t.app.ctx, syncCapabilities: embedded, failAt }, input);
  }

  it('after the steps of a first import: undone by its catch path and recorded; the next import applies in full', async () => {
    const o = await businessWithPortal(t.app);
    await expect(importWith(o.portalId, makeSheet(rows), stopAt('steps'))).rejects.toThrow('stopped at steps');
    expect(await clientCount(o.portalId)).toBe(0);
    expect(await eventCount(o.portalId)).toBe(0);
    expect(await runsOf(o.portalId)).toMatchObject([{ status: 'failed', phase: 'done', errorMessage: 'The sync failed unexpectedly. Nothing was changed.' }]);
    expect((await importWith(o.portalId, makeSheet(rows))).run).toMatchObject({ status: 'ok', imported: rows });
  });

  it('staged, before its commit point: failed by its catch path, the clients untouched, its tables dropped', async () => {
    const o = await businessWithPortal(t.app);
    await importWith(o.portalId, makeSheet(rows));
    const before = await names(o.portalId);
    await expect(importWith(o.portalId, makeSheet(rows, 43, 0), stopAt('staged'))).rejects.toThrow('stopped at staged');
    expect(await names(o.portalId)).toEqual(before);
    expect(await stageTables()).toHaveLength(0);
    expect((await runsOf(o.portalId)).map((r) => r.status)).toEqual(['ok', 'failed']);
  });

  it.each(['committed', 'applying'] as const)('%s: answers 503, stays committed, and is finished whole by the next run of its portal', async (point) => {
    const o = await businessWithPortal(t.app);
    await importWith(o.portalId, makeSheet(rows));
    const csv = makeSheet(rows, 43, 0);
    await expect(importWith(o.portalId, csv, stopAt(point))).rejects.toMatchObject({ status: 503, code: 'sync_unfinished' });
    const [, left] = await runsOf(o.portalId);
    expect(left).toMatchObject({ status: 'running', stagedApply: { committed: true } });
    // The next run settles it before reading the clients; the same file is then unchanged.
    expect((await importWith(o.portalId, csv)).run).toMatchObject({ status: 'ok', unchanged: rows });
    expect(await names(o.portalId)).toEqual(namesOf(csv));
    const [, finished] = await runsOf(o.portalId);
    expect(finished).toMatchObject({ status: 'ok', updated: rows, stagedApply: null, rowsProcessed: rows });
    const [history] = await t.app.ctx.db.select({ n: count() }).from(clientStatusHistory).where(eq(clientStatusHistory.syncRunId, left!.id));
    expect(history!.n).toBe(left!.stagedApply!.tables.find((x) => x.kind === 'history')?.rows ?? 0);
    expect(await stageTables()).toHaveLength(0);
  });

  const refreshJobsOf = (portalId: string) => t.app.ctx.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.kind, 'estimates.refresh'), sql`${jobs.payload}->>'portalId' = ${portalId}`));

  it.each([
    ['a large change, staged, just past its commit point', 'committed', embedded, rows],
    ["a change in one transaction (the server database's way), just past it", 'written', null, 20],
  ] as const)('%s: the process dies there, and the estimates refresh was enqueued by the write itself', async (_, point, caps, size) => {
    const o = await businessWithPortal(t.app);
    await importWith(o.portalId, makeSheet(size));
    await t.app.ctx.db.delete(jobs);
    // A crash: nothing after the point runs, not even the run's own clean-up (the run is left hanging).
    let reached!: () => void;
    const crashed = new Promise<void>((resolve) => (reached = resolve));
    const [portal] = await t.app.ctx.db.select().from(portals).where(eq(portals.id, o.portalId));
    const input = { portalId: o.portalId, businessId: portal!.businessId, timeZone: 'UTC', trigger: 'upload' as const, upload: { bytes: Buffer.from(makeSheet(size, 43, 0)) } };
    const failAt = (p: SyncFailurePoint) => (p === point ? (reached(), new Promise<void>(() => {})) : undefined);
    void runSync({ ...t.app.ctx, ...(caps ? { syncCapabilities: caps } : {}), failAt }, input);
    await crashed;
    expect(await refreshJobsOf(o.portalId)).toHaveLength(1);
    if (point !== 'committed') return;
    // Its clients are half applied: the refresh waits for the apply to be finished (here, as a clean-up would).
    const computed = () => t.app.ctx.db.$count(portalEstimateState, eq(portalEstimateState.portalId, o.portalId));
    t.clock.advance(2000);
    await t.app.ctx.jobs.runDue();
    expect(await computed()).toBe(0);
    const [, left] = await runsOf(o.portalId);
    await finishStagedApply(t.app.ctx.db, left!.id);
    t.clock.advance(2000);
    await t.app.ctx.jobs.runDue();
    expect(await computed()).toBe(1);
  });
});
