import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { acquireDataDirLock } from './lock';
import { registerLeaseSession } from './lease-session';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL connection string (postgres only). */
  url?: string;
  /** The embedded engine (pglite only): dumps for tests and backups. */
  pglite?: PGlite;
  /** A cheap round trip, for the health check. */
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections (postgres only): open, idle, requests waiting for one, and the most it opens. */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

/**
 * True for the embedded database: one connection, so a transaction holds every other query until it ends (long
 * writes go in steps there; PostgreSQL's other connections are not held).
 */
export function runsOneTransactionAtATime(db: Db): boolean {
  return embedded.has(db);
}

/** The handles opened on the embedded database (the drivers are loaded only for the database in use: see below). */
const embedded = new WeakSet<Db>();

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; max?: number }
  /** dataDir undefined = in memory; loadDataDir = start from a dump (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * Opens PostgreSQL (a pool) or embedded PGlite (a locked folder, or memory). Each driver is imported here, when
 * used: an instance on PostgreSQL never loads PGlite, and one on PGlite never loads pg (decision 15, start-up).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    // A request that cannot get a connection in 30 s fails (and says so) instead of waiting forever.
    const max = options.max ?? 10;
    // Named, so an operator (and npm run db:restore) can tell the instances' connections in pg_stat_activity.
    const pool = new pg.Pool({ connectionString: options.url, max, connectionTimeoutMillis: 30_000, application_name: 'statuslink' });
    pool.on('error', () => {
      /* a dropped idle connection is replaced on next use */
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Sync leases are tied to this instance's own connection (db/lease-session.ts, decision 20).
    const leases = registerLeaseSession(db, () => new pg.Client({ connectionString: options.url, application_name: 'statuslink', keepAlive: true }));
    return {
      db,
      kind: 'postgres',
      url: options.url,
      ping: async () => {
        await pool.query('select 1');
      },
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      close: async () => {
        await leases.close();
        await pool.end();
      },
    };
  }
  const dir = options.dataDir ? path.resolve(options.dataDir) : undefined;
  const release = dir ? acquireDataDirLock(dir) : () => {};
  try {
    const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
    const client = await PGlite.create({
      dataDir: dir ? path.join(dir, 'pglite') : undefined,
      loadDataDir: options.loadDataDir,
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    embedded.add(db);
    return {
      db,
      kind: 'pglite',
      pglite: client,
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** Options from the environment: DATABASE_URL means PostgreSQL, otherwise PGlite in DATA_DIR. */
export function databaseOptionsFromEnv(env: { DATABASE_URL?: string; DATA_DIR: string }): DatabaseOptions {
  return env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR };
}
