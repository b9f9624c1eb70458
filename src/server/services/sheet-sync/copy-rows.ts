import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Tx } from '../../db/client';
import type { SyncCapabilities } from './sync-capabilities';

/**
 * COPY ... FROM STDIN on the transaction's own connection, so the rows are part of the sync's one transaction:
 * node-postgres through its copy-in protocol hooks (what pg-copy-streams does, without the dependency), PGlite
 * through its `/dev/blob` device. Returns null when the handle is neither (then callers use plain statements).
 */
export type CopyIn = (copySql: string, text: string) => Promise<void>;

interface CopyConnection {
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

const CHUNK = 64 * 1024;

/**
 * COPY ... FROM STDIN on a node-postgres client (the benchmark uses it for its COPY baselines too). A failure rejects
 * at once: node-postgres drops a query that failed (or whose connection broke) before its ReadyForQuery, so waiting
 * for that, as a success does, would leave the promise, and the transaction awaiting it, open for good.
 */
export function pgCopy(client: pg.ClientBase): (copySql: string, text: string | Buffer) => Promise<void> {
  return (copySql, text) =>
    new Promise<void>((resolve, reject) => {
      const data = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
      const submittable = {
        submit(connection: { query(text: string): void }) {
          connection.query(copySql);
        },
        handleCopyInResponse(connection: CopyConnection) {
          for (let i = 0; i < data.length; i += CHUNK) connection.sendCopyFromChunk(data.subarray(i, i + CHUNK));
          connection.endCopyFrom();
        },
        handleCommandComplete() {},
        handleError(err: Error) {
          reject(err);
        },
        handleReadyForQuery() {
          resolve();
        },
      };
      void client.query(submittable as unknown as pg.QueryConfig);
    });
}

function pgliteCopy(client: Pick<PGlite, 'query'>): CopyIn {
  return async (copySql, text) => {
    await client.query(copySql.replace(/from stdin/i, "from '/dev/blob'"), [], { blob: new Blob([text]) });
  };
}

/**
 * The COPY channel of a Drizzle transaction. Drizzle keeps the driver's connection on the transaction's session
 * (node-postgres: the pooled client holding BEGIN; PGlite: its transaction object); not a public API, so the shape
 * is checked and null is returned if it ever changes.
 */
export function copyChannel(tx: Tx, kind: 'pglite' | 'postgres'): CopyIn | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client as Record<string, unknown> | undefined;
  if (!client || typeof client.query !== 'function') return null;
  if (kind === 'postgres') return typeof client.release === 'function' || 'connection' in client ? pgCopy(client as unknown as pg.ClientBase) : null;
  return pgliteCopy(client as unknown as Pick<PGlite, 'query'>);
}

/**
 * The transaction's COPY channel when this database's writes stream with COPY (`syncCapabilities.copy`: a sync's rows,
 * a managed write's), else null (plain statements).
 */
export function copyChannelIfStreaming(caps: Pick<SyncCapabilities, 'copy'>, tx: Tx, kind: 'pglite' | 'postgres'): CopyIn | null {
  return caps.copy ? copyChannel(tx, kind) : null;
}

const SPECIAL = /[\\\t\n\r]/g;
const HAS_SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format: \N for null, backslash escapes for \, tab, newline and carriage return. */
export function copyValue(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return HAS_SPECIAL.test(value) ? value.replace(SPECIAL, (c) => ESCAPES[c] as string) : value;
}
