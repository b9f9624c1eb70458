import fs from 'node:fs';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { clients, clientStatusHistory, portals, syncRuns } from '../../src/server/db/schema';
import { failInterruptedRuns, freeStaleLeases } from '../../src/server/services/sheet-sync/run-recovery';
import { makeSheet } from '../support/make-sheet';
import { createTestDatabase, testDbKind, tmpDir } from '../support/test-database';
import { runImportChild as runChild, type Target } from '../support/run-import-child';

// Security 27: a kill in the middle of an import leaves the previous data intact. A child process imports
// into the database and is killed with SIGKILL while its transaction is writing; the parent then opens the
// database and finds the first import's data, unchanged. On the embedded database a large change is applied in
// steps after a commit point: killed there, it is finished at the next start, and the new data is whole.

const PORTAL = 'portal_crashtest';
const SEED_ROWS = 2000;
const CRASH_ROWS = 20_000;

let pgDatabase: (Database & { drop(): Promise<void> }) | undefined;
afterAll(async () => {
  await pgDatabase?.drop();
});

/** A fresh database (PostgreSQL or an embedded folder) for one test. */
async function freshTarget(name: string): Promise<Target> {
  if (testDbKind === 'postgres') {
    pgDatabase = await createTestDatabase();
    return { kind: 'postgres', url: pgDatabase.url! };
  }
  return { kind: 'pglite', dataDir: tmpDir(name) };
}

describe('killing the process in the middle of an import', () => {
  it('leaves the previous data intact', { timeout: 240_000 }, async () => {
    const target = await freshTarget('import-crash');

    const seeded = await runChild(target, 'seed', SEED_ROWS, 0);
    expect(seeded.out).toContain(`DONE ${SEED_ROWS} 0`);

    // Every 3rd status changes and 18,000 clients are new: the kill lands while the transaction writes them.
    // (On the embedded database 'writing' is the staging of the rows, before the commit point: see the last test.)
    const crashed = await runChild(target, 'import', CRASH_ROWS, 3, 5000);
    expect(crashed.signal).toBe('SIGKILL');
    expect(crashed.killedAt).toBeGreaterThanOrEqual(5000);
    expect(crashed.out).not.toContain('DONE');

    const database = target.kind === 'postgres' ? pgDatabase! : await openDatabase({ kind: 'pglite', dataDir: target.dataDir });
    try {
      const { db } = database;
      const [active] = await db.select({ n: count() }).from(clients).where(and(eq(clients.portalId, PORTAL), isNull(clients.removedAt)));
      expect(active!.n).toBe(SEED_ROWS);
      const [all] = await db.select({ n: count() }).from(clients).where(eq(clients.portalId, PORTAL));
      expect(all!.n).toBe(SEED_ROWS);
      const [history] = await db.select({ n: count() }).from(clientStatusHistory).where(eq(clientStatusHistory.portalId, PORTAL));
      expect(history!.n).toBe(0);
      const [c3] = await db.select().from(clients).where(and(eq(clients.portalId, PORTAL), eq(clients.clientId, 'C-000003')));
      const seedRow3 = (parse(makeSheet(3, 42, 0)) as string[][])[3]!;
      expect(c3!.status).toBe(seedRow3[3]);
      const [portal] = await db.select().from(portals).where(eq(portals.id, PORTAL));
      const runs = await db.select().from(syncRuns).where(eq(syncRuns.portalId, PORTAL));
      expect(runs.map((r) => r.status).sort()).toEqual(['ok', 'running']);

      // The dead process's lease is freed (at start on the embedded database, by expiry on PostgreSQL), its run is
      // marked interrupted, and a new import works.
      if (target.kind === 'pglite') await freeStaleLeases(db);
      else await db.update(portals).set({ syncLeaseExpiresAt: new Date(Date.now() - 1000) }).where(eq(portals.id, PORTAL));
      expect(portal!.lastSyncedAt).not.toBeNull();
      expect(await failInterruptedRuns(db)).toBe(1);
      const [failed] = await db.select().from(syncRuns).where(and(eq(syncRuns.portalId, PORTAL), eq(syncRuns.status, 'failed')));
      expect(failed!.errorMessage).toBe('The sync was interrupted before it finished. Nothing was changed.');
      // (Embedded database: killed while staging, before its commit point; the staged rows went with the run.)
      const left = (await db.execute(sql`select count(*)::int as n from pg_class where relname like 'sync\\_stage\\_%'`)) as unknown as { rows: { n: number }[] };
      expect(left.rows[0]!.n).toBe(0);
    } finally {
      if (target.kind === 'pglite') await database.close();
    }
    if (target.kind === 'pglite') {
      const again = await runChild(target, 'import', 3000, 3);
      expect(again.out).toContain('DONE 1000');
      fs.rmSync(target.dataDir, { recursive: true, force: true });
    }
  });

  it('of a first import leaves the portal without clients (written in steps on the embedded database)', { timeout: 240_000 }, async () => {
    await pgDatabase?.drop();
    pgDatabase = undefined;
    const target = await freshTarget('import-crash-first');
    expect((await runChild(target, 'setup', 0, 0)).out).toContain('DONE setup');

    // On the embedded database the new clients are committed 1,000 at a time (other requests are answered between
    // the steps); on PostgreSQL the one transaction is rolled back.
    const crashed = await runChild(target, 'import', CRASH_ROWS, 0, 5000);
    expect(crashed.signal).toBe('SIGKILL');
    expect(crashed.out).not.toContain('DONE');

    const database = target.kind === 'postgres' ? pgDatabase! : await openDatabase({ kind: 'pglite', dataDir: target.dataDir });
    try {
      const { db } = database;
      const clientCount = async () => (await db.select({ n: count() }).from(clients).where(eq(clients.portalId, PORTAL)))[0]!.n;
      const [run] = await db.select().from(syncRuns).where(eq(syncRuns.portalId, PORTAL));
      expect(run!.status).toBe('running');
      if (target.kind === 'pglite') {
        expect(run!.insertsInSteps).toBe(true);
        expect(await clientCount()).toBeGreaterThanOrEqual(4000);
        await freeStaleLeases(db);
      } else {
        expect(await clientCount()).toBe(0);
        await db.update(portals).set({ syncLeaseExpiresAt: new Date(Date.now() - 1000) }).where(eq(portals.id, PORTAL));
      }
      // At the next start the interrupted run is marked failed and what it wrote is gone: the portal is as before.
      expect(await failInterruptedRuns(db)).toBe(1);
      expect(await clientCount()).toBe(0);
      const [failed] = await db.select().from(syncRuns).where(eq(syncRuns.portalId, PORTAL));
      expect(failed).toMatchObject({ status: 'failed', errorMessage: 'The sync was interrupted before it finished. Nothing was changed.' });
      const [portal] = await db.select().from(portals).where(eq(portals.id, PORTAL));
      expect(portal!.lastSyncedAt).toBeNull();
    } finally {
      if (target.kind === 'pglite') await database.close();
    }
    if (target.kind === 'pglite') {
      const again = await runChild(target, 'import', 3000, 0);
      expect(again.out).toContain('DONE 3000 0');
      fs.rmSync(target.dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(testDbKind === 'pglite')('past its commit point (embedded database) is finished at the next start: the new data, whole', { timeout: 240_000 }, async () => {
    const target = await freshTarget('import-crash-commit');
    expect((await runChild(target, 'seed', SEED_ROWS, 0)).out).toContain(`DONE ${SEED_ROWS} 0`);
    // Every client's data changes and 18,000 are new; killed once 5,000 staged rows are applied.
    const crashed = await runChild(target, 'import', CRASH_ROWS, 0, 5000, 'committing');
    expect(crashed.signal).toBe('SIGKILL');
    expect(crashed.out).not.toContain('DONE');
    const expected = parse(makeSheet(CRASH_ROWS, 42, 0), { from_line: 2 }) as string[][];
    if (target.kind !== 'pglite') return;
    const database = await openDatabase({ kind: 'pglite', dataDir: target.dataDir });
    try {
      const { db } = database;
      const stored = async () => (await db.select({ clientId: clients.clientId, status: clients.status }).from(clients).where(eq(clients.portalId, PORTAL)));
      const [run] = await db.select().from(syncRuns).where(and(eq(syncRuns.portalId, PORTAL), eq(syncRuns.status, 'running')));
      expect(run!.stagedApply).toMatchObject({ committed: true });
      const partial = (await stored()).length;
      expect(partial).toBeGreaterThan(SEED_ROWS);
      expect(partial).toBeLessThan(CRASH_ROWS);

      // At the next start the interrupted run is finished from where it stopped: every row of the new file is there.
      await freeStaleLeases(db);
      expect(await failInterruptedRuns(db)).toBe(1);
      const after = new Map((await stored()).map((c) => [c.clientId, c.status]));
      expect(after.size).toBe(CRASH_ROWS);
      expect(expected.every((r) => after.get(r[0]!) === r[3])).toBe(true);
      const [finished] = await db.select().from(syncRuns).where(eq(syncRuns.id, run!.id));
      expect(finished).toMatchObject({ status: 'ok', imported: CRASH_ROWS - SEED_ROWS, stagedApply: null });
      const left = (await db.execute(sql`select count(*)::int as n from pg_class where relname like 'sync\\_stage\\_%'`)) as unknown as { rows: { n: number }[] };
      expect(left.rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
    fs.rmSync(target.dataDir, { recursive: true, force: true });
  });
});
