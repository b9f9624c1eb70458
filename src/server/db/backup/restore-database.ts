import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../client';
import { acquireDataDirLock } from '../lock';
import { runMigrations } from '../migrate';
import { BackupError, countRows, type DatabaseLocation } from './backup-database';
import { isGzip, isPgDumpCustom } from './embedded-dump';
import { runPgTool } from './pg-tools';
import type { RowCounts } from './row-counts';

export interface RestoreResult {
  counts: RowCounts;
  /** Embedded: where the data that was replaced is kept (absent when the folder was empty). */
  keptAside?: string;
}

/**
 * Embedded: the backup is loaded into a new folder beside the database, checked, and swapped in; the data it
 * replaces is kept aside (`pglite.before-restore-<time>`), never deleted. Refused while a server holds the folder.
 */
async function restoreEmbedded(dataDir: string, dump: Uint8Array<ArrayBuffer>, now: Date): Promise<RestoreResult> {
  const release = acquireDataDirLock(dataDir); // throws DataDirInUseError (with the pid) while a server runs
  const live = path.join(dataDir, 'pglite');
  const incoming = path.join(dataDir, 'pglite.restoring');
  let keptAside: string | undefined;
  try {
    fs.rmSync(incoming, { recursive: true, force: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create({ dataDir: incoming, loadDataDir: new Blob([dump]) });
    await pglite.query('select 1');
    await pglite.close();
    if (fs.existsSync(live)) {
      keptAside = path.join(dataDir, `pglite.before-restore-${now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}`);
      fs.renameSync(live, keptAside);
    }
    fs.renameSync(incoming, live);
  } catch (err) {
    fs.rmSync(incoming, { recursive: true, force: true });
    throw err;
  } finally {
    release();
  }
  // Opened as the server opens it: an older backup is brought up to this version's migrations now, not at start.
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await runMigrations(database);
    return { counts: await countRows(database), keptAside };
  } finally {
    await database.close();
  }
}

/** Other StatusLink connections to the database (instances name themselves `statuslink` to PostgreSQL). */
async function otherInstances(url: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const active = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'statuslink' and pid <> pg_backend_pid()",
    );
    return active.rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** True when the database already holds StatusLink accounts. */
async function holdsData(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = await client.query<{ t: string | null }>("select to_regclass('public.users')::text as t");
    if (!table.rows[0]!.t) return false;
    return (await client.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n > 0;
  } finally {
    await client.end();
  }
}

/** PostgreSQL: pg_restore in one transaction (all or nothing); over existing data only with `replace`. */
async function restorePostgres(url: string, file: string, replace: boolean): Promise<RestoreResult> {
  const running = await otherInstances(url);
  if (running > 0) throw new BackupError(`${running} StatusLink connection(s) to this database are open: stop every instance before restoring.`);
  const hasData = await holdsData(url);
  if (hasData && !replace) {
    throw new BackupError('The database already holds StatusLink data. Restore into a new, empty database (then point DATABASE_URL at it), or add --replace to overwrite this one.');
  }
  const clean = hasData ? ['--clean', '--if-exists'] : [];
  await runPgTool('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', ...clean, file], url);
  const database = await openDatabase({ kind: 'postgres', url, max: 1 });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  return { counts: await countRows({ kind: 'postgres', url }) };
}

/** `npm run db:restore FILE`: the backup of `npm run db:backup` (or pg_dump -Fc) back into the database. */
export async function restoreDatabase(location: DatabaseLocation, file: string, options: { replace?: boolean; now?: Date } = {}): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const head = new Uint8Array(fs.readFileSync(file).subarray(0, 8));
  if (location.databaseUrl) {
    if (isGzip(head)) throw new BackupError('This is a backup of the embedded database. Restore it without DATABASE_URL, then move it with npm run db:move-to-postgres.');
    if (!isPgDumpCustom(head)) throw new BackupError('This is not a backup made by npm run db:backup or pg_dump --format=custom.');
    return restorePostgres(location.databaseUrl, file, options.replace ?? false);
  }
  if (isPgDumpCustom(head)) throw new BackupError('This is a PostgreSQL backup (pg_dump). Restore it with DATABASE_URL set to the target database.');
  if (!isGzip(head)) throw new BackupError('This is not a backup made by npm run db:backup.');
  return restoreEmbedded(location.dataDir, new Uint8Array(fs.readFileSync(file)), options.now ?? new Date());
}
