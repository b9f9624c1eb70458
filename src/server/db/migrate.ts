import fs from 'node:fs';
import path from 'node:path';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { projectPath } from '../lib/project-root';
import type { Database, Db } from './client';

export const migrationsFolder = projectPath('drizzle');

const MIGRATION_LOCK = 7_310_001; // advisory lock key: one migrator at a time across instances

/** Applies the committed migrations in ./drizzle. Idempotent; concurrent instances on one PostgreSQL wait in turn. */
export async function runMigrations(database: Database): Promise<void> {
  // The migrator of the database in use only (client.ts loads one driver).
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const [{ default: pg }, { drizzle }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

/**
 * The newest migration this code ships (its journal time, which drizzle records as the migration's created_at).
 * Read once: the files do not change under a running process.
 */
export const latestShippedMigration: () => number = (() => {
  let latest: number | undefined;
  return () => {
    if (latest === undefined) {
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
      latest = Math.max(0, ...journal.entries.map((e) => e.when));
    }
    return latest;
  };
})();

/**
 * The newest migration applied to the database (0 when none): a round trip too, so the ready probe uses it as its
 * database check. A database ahead of this code (a newer instance migrated it during a rolling upgrade) is fine.
 */
export async function latestAppliedMigration(db: Db): Promise<number> {
  const result = await db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`);
  const rows = (result as unknown as { rows: { latest: string | number | null }[] }).rows;
  return Number(rows[0]?.latest ?? 0);
}
