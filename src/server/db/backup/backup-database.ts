import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Database } from '../client';
import { DataDirInUseError } from '../lock';
import { requestDump } from './control-socket';
import { dumpEmbedded } from './embedded-dump';
import { runPgTool } from './pg-tools';
import { rowCountsSql, type RowCounts } from './row-counts';

/** Where the database is: PostgreSQL when databaseUrl is set, else the embedded one in dataDir. */
export interface DatabaseLocation {
  databaseUrl?: string;
  dataDir: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** What the backup holds (read back from the file for the embedded database; from the database for PostgreSQL). */
  counts: RowCounts;
  via: 'data folder' | 'running server' | 'pg_dump';
}

export class BackupError extends Error {}

/** ./backups/statuslink-<embedded|postgres>-2026-11-26T07-58-05Z.<tar.gz|dump> */
export function defaultBackupFile(location: DatabaseLocation, now = new Date()): string {
  const stamp = now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
  return path.resolve('backups', location.databaseUrl ? `statuslink-postgres-${stamp}.dump` : `statuslink-embedded-${stamp}.tar.gz`);
}

/** Row counts through whichever driver the database has. */
export async function countRows(database: Pick<Database, 'kind' | 'pglite' | 'url'>): Promise<RowCounts> {
  if (database.pglite) return (await database.pglite.query<RowCounts>(rowCountsSql)).rows[0]!;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<RowCounts>(rowCountsSql)).rows[0]!;
  } finally {
    await client.end();
  }
}

/** What an embedded-database dump holds, read back from its bytes (proves the file restores). */
export async function countsOfDump(dump: Uint8Array<ArrayBuffer>): Promise<RowCounts> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]) });
  try {
    return (await pglite.query<RowCounts>(rowCountsSql)).rows[0]!;
  } finally {
    await pglite.close();
  }
}

/** Writes through a temporary file and renames, readable by the owner only (a backup holds everything). */
function writePrivately(file: string, write: (tmp: string) => Promise<void>): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.partial`;
  return write(tmp).then(
    () => {
      fs.chmodSync(tmp, 0o600);
      fs.renameSync(tmp, file);
    },
    (err: unknown) => {
      fs.rmSync(tmp, { force: true });
      throw err;
    },
  );
}

/** The embedded database's dump: from the folder when no server holds it, else from the server that does. */
async function dumpEmbeddedFolder(dataDir: string): Promise<{ dump: Uint8Array<ArrayBuffer>; via: BackupResult['via'] }> {
  if (!fs.existsSync(path.join(dataDir, 'pglite'))) throw new BackupError(`There is no embedded database in ${path.resolve(dataDir)} (DATA_DIR).`);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      return { dump: await dumpEmbedded(database.pglite!), via: 'data folder' };
    } finally {
      await database.close();
    }
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    try {
      return { dump: await requestDump(dataDir), via: 'running server' };
    } catch (asked) {
      throw new BackupError(
        `The server (pid ${err.pid}) holds ${path.resolve(dataDir)} and did not hand over a dump (${(asked as Error).message}). ` +
          'Stop it, then run npm run db:backup again.',
      );
    }
  }
}

/**
 * `npm run db:backup`: a consistent backup of the database in one file. Embedded: a dump of the data folder (also
 * while the server runs: it makes the dump), read back to check it restores. PostgreSQL: pg_dump's custom format.
 */
export async function backupDatabase(location: DatabaseLocation, file = defaultBackupFile(location)): Promise<BackupResult> {
  if (location.databaseUrl) {
    const url = location.databaseUrl;
    await writePrivately(file, async (tmp) => {
      await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-acl', '--file', tmp], url);
      await runPgTool('pg_restore', ['--list', tmp], url).catch((err: Error) => {
        throw new BackupError(`pg_dump wrote a file pg_restore cannot read: ${err.message}`);
      });
    });
    return { file, bytes: fs.statSync(file).size, counts: await countRows({ kind: 'postgres', url }), via: 'pg_dump' };
  }
  const { dump, via } = await dumpEmbeddedFolder(location.dataDir);
  const counts = await countsOfDump(dump);
  await writePrivately(file, async (tmp) => fs.promises.writeFile(tmp, dump));
  return { file, bytes: dump.length, counts, via };
}
