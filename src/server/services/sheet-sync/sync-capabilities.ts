import type { Database } from '../../db/client';
import type { Env } from '../../env';

/**
 * What the database lets a sync do, decided once at start from the validated environment (app context:
 * `ctx.syncCapabilities`); the sync chooses how it writes from this alone, never from the environment itself.
 */
export interface SyncCapabilities {
  /**
   * One transaction at a time (the embedded database): a long write holds every other request, so large ones go in
   * short steps, and reads of the clients go in smaller pages.
   */
  oneTransactionAtATime: boolean;
  /** Rows stream with COPY on the transaction's connection (decision 0022); else plain statements. */
  copy: boolean;
}

/** `SYNC_COPY`: `auto` streams with COPY on PostgreSQL only (PGlite's COPY was slower than its statements). */
export function syncCapabilities(database: Pick<Database, 'kind'>, env: Pick<Env, 'SYNC_COPY'>): SyncCapabilities {
  const copy = env.SYNC_COPY === 'auto' ? database.kind === 'postgres' : env.SYNC_COPY === '1';
  return { oneTransactionAtATime: database.kind === 'pglite', copy };
}
