import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { backupDatabase, BackupError } from '../../src/server/db/backup/backup-database';
import { startControlSocket } from '../../src/server/db/backup/control-socket';
import { moveToPostgres } from '../../src/server/db/backup/move-to-postgres';
import { restoreDatabase } from '../../src/server/db/backup/restore-database';
import { openDatabase, type Database } from '../../src/server/db/client';
import { DataDirInUseError } from '../../src/server/db/lock';
import { runMigrations } from '../../src/server/db/migrate';
import { loadEnv } from '../../src/server/env';
import { fixtureSheet, postCsv } from '../support/sheets';
import { snapshotTables, type Snapshot } from '../support/db-snapshot';
import { createTestDatabase, testDbKind, tmpDir } from '../support/test-database';
import { captureMailer, nextIp, TEST_ORIGIN } from '../support/test-app';
import { portalWithClients } from './portal-helpers';

// Backups that restore (issue 24 item 5, decision 15): a backup is taken of a database with businesses, portals,
// clients, status history, a logo and a kept upload; the database is wiped; the restore gives back every row and
// every uploaded byte. On the embedded database the backup is made by the running server (it holds the folder).

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function appOn(database: Database): Promise<FastifyInstance> {
  const env = loadEnv({ NODE_ENV: 'test', APP_URL: TEST_ORIGIN, LOG_LEVEL: 'silent', SEED_DEMO: 'false', BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123' });
  return buildApp({ env, database, mailer: captureMailer(), logger: pino({ level: 'silent' }), serveWeb: false });
}

/** Two businesses' worth of data: clients from an upload (kept), a second upload that changes statuses, a logo. */
async function fillWithData(app: FastifyInstance): Promise<void> {
  for (const companyName of ['North Tax', 'South Tax']) {
    const owner = await portalWithClients(app, { companyName });
    const changed = fixtureSheet('tax-preparer.csv').replace(',In Progress,', ',Completed,').replace(',Pending,', ',In Progress,');
    const second = await postCsv(app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, changed);
    expect(second.statusCode).toBe(200);
    const logo = await app.inject({
      method: 'PUT',
      url: `/api/v1/portals/${owner.portalId}/logo`,
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(logo.statusCode).toBe(200);
  }
}

/** The snapshot holds what the test must find again (not an empty database compared with an empty one). */
function expectFilled(snapshot: Snapshot): void {
  for (const table of ['users', 'business_profiles', 'portals', 'clients', 'client_status_history', 'portal_logos', 'portal_uploads', 'portal_upload_chunks']) {
    expect(snapshot[table]?.length ?? 0, table).toBeGreaterThan(0);
  }
  expect(snapshot.portal_logos!.join()).toContain(PNG.toString('hex'));
}

describe.runIf(testDbKind === 'pglite')('backup and restore of the embedded database', () => {
  let dataDir: string;
  let file: string;
  let before: Snapshot;

  beforeAll(async () => {
    dataDir = path.join(tmpDir('backup'), 'data');
    file = path.join(path.dirname(dataDir), 'backups', 'one.tar.gz');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await runMigrations(database);
    const app = await appOn(database);
    await app.ready();
    const socket = await startControlSocket(dataDir, database.pglite!, pino({ level: 'silent' }));
    try {
      await fillWithData(app);
      before = await snapshotTables(database);
      expectFilled(before);
      // The server holds the folder: the backup is made by it, through its socket.
      const result = await backupDatabase({ dataDir }, file);
      expect(result.via).toBe('running server');
      expect(result.counts).toMatchObject({ businesses: 2, portals: 2, logos: 2, 'uploaded files': 2 });
      expect(result.counts.clients).toBe(before.clients!.length);
      expect(result.counts['history rows']).toBe(before.client_status_history!.length);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // Restoring under a running server is refused, naming it.
      await expect(restoreDatabase({ dataDir }, file)).rejects.toThrow(DataDirInUseError);
    } finally {
      await socket?.close();
      await app.close();
      await database.close();
    }
  });

  it('wiped, then restored: every row and every uploaded byte is back', async () => {
    fs.rmSync(dataDir, { recursive: true });
    const result = await restoreDatabase({ dataDir }, file);
    expect(result.keptAside).toBeUndefined();
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await snapshotTables(database)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it('restoring over data keeps the replaced data aside; a file that is no backup is refused with a reason', async () => {
    const result = await restoreDatabase({ dataDir }, file, { now: new Date('2026-11-26T08:00:00Z') });
    expect(result.keptAside).toBe(path.join(dataDir, 'pglite.before-restore-2026-11-26T08-00-00Z'));
    expect(fs.existsSync(result.keptAside!)).toBe(true);
    const notABackup = path.join(path.dirname(file), 'notes.txt');
    fs.writeFileSync(notABackup, 'hello');
    await expect(restoreDatabase({ dataDir }, notABackup)).rejects.toThrow('This is not a backup made by npm run db:backup.');
    await expect(restoreDatabase({ dataDir }, path.join(path.dirname(file), 'missing.tar.gz'))).rejects.toThrow(BackupError);
  });

  it('a stopped folder is backed up directly; an empty one is refused', async () => {
    const again = await backupDatabase({ dataDir }, path.join(path.dirname(file), 'two.tar.gz'));
    expect(again.via).toBe('data folder');
    expect(again.counts.businesses).toBe(2);
    await expect(backupDatabase({ dataDir: path.join(path.dirname(dataDir), 'nothing') })).rejects.toThrow(/There is no embedded database/);
  });
});

describe.runIf(testDbKind === 'postgres')('PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let url: string;
  let before: Snapshot;
  const dir = tmpDir('backup-pg');
  const file = path.join(dir, 'pg.dump');

  beforeAll(async () => {
    database = await createTestDatabase();
    url = database.url!;
    const app = await appOn(database);
    await app.ready();
    await fillWithData(app);
    await app.close();
    before = await snapshotTables(database);
    expectFilled(before);
  });
  afterAll(async () => {
    // The pool was closed by the test (restoring is refused while an instance is connected): drop by name.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`);
    await admin.end();
  });

  it('backed up with pg_dump, wiped, restored with pg_restore: every row and uploaded byte is back', async () => {
    // The app's own pool counts as an instance: restoring is refused while it is open.
    const result = await backupDatabase({ databaseUrl: url, dataDir: dir }, file);
    expect(result.via).toBe('pg_dump');
    expect(result.counts.businesses).toBe(2);
    await expect(restoreDatabase({ databaseUrl: url, dataDir: dir }, file)).rejects.toThrow(/open: stop every instance/);
    await database.close();

    await expect(restoreDatabase({ databaseUrl: url, dataDir: dir }, file)).rejects.toThrow(/already holds StatusLink data/);
    // Wiped.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('drop schema public cascade; drop schema drizzle cascade; create schema public');
    await admin.end();

    const restored = await restoreDatabase({ databaseUrl: url, dataDir: dir }, file);
    expect(restored.counts).toEqual(result.counts);
    expect(await snapshotTables({ url })).toEqual(before);
    // And once more over the data with --replace.
    await restoreDatabase({ databaseUrl: url, dataDir: dir }, file, { replace: true });
    expect(await snapshotTables({ url })).toEqual(before);
  }, 120_000);

  it('moves an embedded database to an empty PostgreSQL database with every row, and new ids after the copied ones', async () => {
    const dataDir = path.join(tmpDir('move'), 'data');
    const source = await openDatabase({ kind: 'pglite', dataDir });
    await runMigrations(source);
    const app = await appOn(source);
    await app.ready();
    await fillWithData(app);
    await app.close();
    const embedded = await snapshotTables(source);
    expectFilled(embedded);
    await source.close();

    const target = await createTestDatabase();
    try {
      const moved = await moveToPostgres(dataDir, target.url!);
      expect(moved.counts.businesses).toBe(2);
      expect(await snapshotTables(target)).toEqual(embedded);
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      const ids = await client.query<{ next: string; max: string }>(
        "select nextval(pg_get_serial_sequence('client_status_history', 'id')) as next, (select max(id) from client_status_history) as max",
      );
      await client.end();
      expect(Number(ids.rows[0]!.next)).toBeGreaterThan(Number(ids.rows[0]!.max));
      // Moving again into the now-filled database is refused; the embedded one is left as it was.
      await expect(moveToPostgres(dataDir, target.url!)).rejects.toThrow(/not empty/);
      const still = await openDatabase({ kind: 'pglite', dataDir });
      expect(await snapshotTables(still)).toEqual(embedded);
      await still.close();
    } finally {
      await target.drop();
    }
  }, 180_000);
});
