import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';

export const pgliteDumpPath = fileURLToPath(new URL('../../.tmp/pglite-migrated.tar.gz', import.meta.url));

/** The database the server suites run on: PGlite, or PostgreSQL when TEST_DB_KIND=postgres. */
export const testDbKind: 'pglite' | 'postgres' = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

export function templateDatabaseUrl(url: string): string {
  const u = new URL(url);
  u.pathname = `/${u.pathname.slice(1) || 'postgres'}_template`;
  return u.toString();
}

/** A fresh, migrated database for one test file (`max`: the PostgreSQL pool's size, 5 by default). */
export async function createTestDatabase(options: { max?: number } = {}): Promise<Database & { drop(): Promise<void> }> {
  if (testDbKind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
    const template = new URL(templateDatabaseUrl(base)).pathname.slice(1);
    const name = `${template.replace(/_template$/, '')}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: u.toString(), max: options.max ?? 5 });
    return {
      ...database,
      async drop() {
        await database.close();
        const a = new pg.Client({ connectionString: base });
        await a.connect();
        await a.query(`drop database if exists "${name}" with (force)`);
        await a.end();
      },
    };
  }
  const dump = fs.readFileSync(pgliteDumpPath);
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  return { ...database, drop: () => database.close() };
}

export const tmpDir = (name: string) => {
  const dir = fileURLToPath(new URL(`../../.tmp/${name}-${process.pid}-${Date.now()}`, import.meta.url));
  fs.mkdirSync(dir, { recursive: true });
  return path.resolve(dir);
};
