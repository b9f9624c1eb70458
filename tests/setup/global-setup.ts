import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { pgliteDumpPath, templateDatabaseUrl } from '../support/test-database';

/**
 * Migrates once per run: a PGlite dump that each test file restores (0.3 s instead of a 2.4 s
 * fresh migration), and, with TEST_DATABASE_URL, a PostgreSQL template database that each test
 * file clones.
 */
export default async function globalSetup() {
  fs.mkdirSync(path.dirname(pgliteDumpPath), { recursive: true });
  const database = await openDatabase({ kind: 'pglite' });
  await runMigrations(database);
  const blob = await database.pglite!.dumpDataDir('gzip');
  fs.writeFileSync(pgliteDumpPath, Buffer.from(await blob.arrayBuffer()));
  await database.close();

  const url = process.env.TEST_DATABASE_URL;
  if (url && process.env.TEST_DB_KIND === 'postgres') {
    const template = templateDatabaseUrl(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const name = new URL(template).pathname.slice(1);
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
    await admin.end();
    const tdb = await openDatabase({ kind: 'postgres', url: template, max: 1 });
    await runMigrations(tdb);
    await tdb.close();
  }
}
