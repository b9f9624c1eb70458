import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** What one table's VACUUM (ANALYZE) took. */
export interface TableVacuumed {
  table: string;
  ms: number;
}

/**
 * VACUUM (ANALYZE) of every table of the app's schema, one table at a time, for the embedded database, which has no
 * autovacuum: without it the planner's statistics are those of the last large sync (the only other ANALYZE), so a
 * portal that grew through the API keeps the figures of its first days (such figures made PostgreSQL, before its
 * autovacuum ran, read a whole 10,000-client portal for each one-client look-up: decision 0018); and dead rows are
 * never reclaimed. Each table holds the embedded database's one connection while it runs (200,000 clients: 0.36 s;
 * every table of such a database: 0.5 s), so it runs once a day, with a turn of the event loop between tables.
 * PostgreSQL's autovacuum does this there.
 */
export async function vacuumEmbeddedTables(db: Db): Promise<TableVacuumed[]> {
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as { rows: { tablename: string }[] };
  const done: TableVacuumed[] = [];
  for (const { tablename } of result.rows) {
    const started = performance.now();
    await db.execute(sql`vacuum (analyze) ${sql.identifier(tablename)}`);
    done.push({ table: tablename, ms: performance.now() - started });
    await yieldToEventLoop();
  }
  return done;
}
