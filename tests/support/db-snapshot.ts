import type { Database } from '../../src/server/db/client';

/** Every row of every table of the public schema as PostgreSQL's text of it (times in UTC), sorted: two snapshots
 * are equal when the databases hold the same data, bytes of uploaded files included. */
export type Snapshot = Record<string, string[]>;

async function rawQuery(database: Pick<Database, 'pglite' | 'url'>): Promise<{ query: (text: string) => Promise<Record<string, unknown>[]>; close: () => Promise<void> }> {
  if (database.pglite) {
    const pglite = database.pglite;
    await pglite.query("set timezone = 'UTC'");
    return { query: async (text) => (await pglite.query<Record<string, unknown>>(text)).rows, close: async () => {} };
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("set timezone = 'UTC'");
  return { query: async (text) => (await client.query(text)).rows as Record<string, unknown>[], close: () => client.end() };
}

export async function snapshotTables(database: Pick<Database, 'pglite' | 'url'>): Promise<Snapshot> {
  const q = await rawQuery(database);
  try {
    const tables = (await q.query("select tablename as t from pg_tables where schemaname = 'public' order by 1")).map((r) => String(r.t));
    const snapshot: Snapshot = {};
    for (const t of tables) snapshot[t] = (await q.query(`select x::text as r from "${t}" x order by 1`)).map((r) => String(r.r));
    return snapshot;
  } finally {
    await q.close();
  }
}
