import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { pgCopy } from '../../services/sheet-sync/copy-rows';
import { openDatabase } from '../client';
import { runMigrations } from '../migrate';
import { BackupError, countRows } from './backup-database';
import type { RowCounts } from './row-counts';

export interface MoveResult {
  tables: { table: string; rows: number }[];
  counts: RowCounts;
}

/** The tables of the public schema in an order where each comes after those its foreign keys point to. */
async function tablesInOrder(client: pg.ClientBase): Promise<string[]> {
  const tables = (await client.query<{ t: string }>("select tablename as t from pg_tables where schemaname = 'public' order by 1")).rows.map((r) => r.t);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
    )
  ).rows;
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(unquote(e.child))?.add(unquote(e.parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p) || !parents.has(p)));
    if (next.length === 0) throw new BackupError('The tables reference each other in a cycle; cannot order the copy.');
    for (const t of next) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

/** The columns both sides have, in the target's order (the same migrations made both). */
async function sharedColumns(source: PGlite, target: pg.ClientBase, table: string): Promise<string[]> {
  const sql = "select column_name as c from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position";
  const inSource = new Set((await source.query<{ c: string }>(sql, [table])).rows.map((r) => r.c));
  return (await target.query<{ c: string }>(sql, [table])).rows.map((r) => r.c).filter((c) => inSource.has(c));
}

/** Every bigserial's sequence moved past the copied ids, so new rows do not collide. */
async function advanceSequences(target: pg.ClientBase): Promise<void> {
  const owned = await target.query<{ t: string; c: string }>(
    "select table_name as t, column_name as c from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'",
  );
  for (const { t, c } of owned.rows) {
    await target.query(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max("${c}") from "${t}"), 0) + 1, false)`, [`public."${t}"`, c]);
  }
}

async function refuseUnfinishedWork(source: PGlite): Promise<void> {
  const unfinished = await source.query<{ n: number }>("select count(*)::int as n from sync_runs where status not in ('ok', 'failed', 'needs_confirmation')");
  if (unfinished.rows[0]!.n > 0) {
    throw new BackupError('An import on the embedded database was interrupted and is not finished yet. Start the server once (it finishes it), stop it, then move.');
  }
}

async function refuseTargetWithData(target: pg.ClientBase): Promise<void> {
  const tables = await tablesInOrder(target);
  for (const table of tables) {
    const rows = await target.query<{ any: boolean }>(`select exists (select 1 from "${table}") as any`);
    if (rows.rows[0]!.any) throw new BackupError(`The target database is not empty (table ${table} has rows). Move into a new, empty database.`);
  }
}

/**
 * `npm run db:move-to-postgres DATABASE_URL`: copies everything from the embedded database in dataDir into an empty
 * PostgreSQL database, in one transaction (all or nothing): both are migrated to this version first, then each
 * table is copied with COPY in foreign-key order and the id sequences are moved past the copied rows. The embedded
 * database is left as it was. Refused while a server holds the folder, or when the target holds data.
 */
export async function moveToPostgres(dataDir: string, url: string, log: (line: string) => void = () => {}): Promise<MoveResult> {
  const source = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await runMigrations(source);
    const pglite = source.pglite!;
    await refuseUnfinishedWork(pglite);
    const target = await openDatabase({ kind: 'postgres', url, max: 1 });
    try {
      await runMigrations(target);
    } finally {
      await target.close();
    }
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({ connectionString: url });
    await client.connect();
    const tables: MoveResult['tables'] = [];
    try {
      await refuseTargetWithData(client);
      await client.query('begin');
      const copyIn = pgCopy(client);
      for (const table of await tablesInOrder(client)) {
        const columns = (await sharedColumns(pglite, client, table)).map((c) => `"${c}"`).join(', ');
        const out = await pglite.query(`copy (select ${columns} from "${table}") to '/dev/blob'`);
        const data = out.blob ? Buffer.from(await out.blob.arrayBuffer()) : Buffer.alloc(0);
        if (data.length > 0) await copyIn(`copy "${table}" (${columns}) from stdin`, data);
        const rows = (await pglite.query<{ n: number }>(`select count(*)::int as n from "${table}"`)).rows[0]!.n;
        tables.push({ table, rows });
        if (rows > 0) log(`  ${table}: ${rows.toLocaleString('en-US')} rows`);
      }
      await advanceSequences(client);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      await client.end();
    }
    return { tables, counts: await countRows({ kind: 'postgres', url }) };
  } finally {
    await source.close();
  }
}
