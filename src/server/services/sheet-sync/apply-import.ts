import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { copyValue, type CopyIn } from './copy-rows';
import {
  CLIENT_COLUMN_TYPES,
  clientCopyLine,
  COPY_CLIENTS,
  COPY_STATUS_HISTORY,
  insertClientsFrom,
  markRemovedSql,
  QUEUE_COLUMN_TYPES,
  queueCopyLine,
  recordStatusHistoryFrom,
  STATUS_CHANGE_TYPES,
  updateClientsFrom,
  updateQueueFrom,
} from './client-columns';
import type { ClientWrite, ImportPlan, QueueWrite, StatusChange } from './plan-import';
import type { SyncCapabilities } from './sync-capabilities';

/** Rows per statement: big enough that 100,000 rows are 40 statements, small enough to keep each one short. */
export const WRITE_BATCH = 2500;

const CLIENT_COLUMNS_SQL = sql.raw(CLIENT_COLUMN_TYPES);
const QUEUE_COLUMNS_SQL = sql.raw(QUEUE_COLUMN_TYPES);

function* batches<T>(items: readonly T[], size = WRITE_BATCH): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;

async function insertClients(tx: Tx, portalId: string, rows: ClientWrite[]) {
  await tx.execute(insertClientsFrom(portalId, sql`jsonb_to_recordset(${json(rows)}) as x(${CLIENT_COLUMNS_SQL})`));
}

async function updateClients(tx: Tx, portalId: string, rows: ClientWrite[]) {
  await tx.execute(updateClientsFrom(portalId, sql`jsonb_to_recordset(${json(rows)}) as x(${CLIENT_COLUMNS_SQL})`));
}

/** Writes new row numbers and queue figures. */
export async function updateQueue(tx: Tx, portalId: string, rows: QueueWrite[]) {
  await tx.execute(updateQueueFrom(portalId, sql`jsonb_to_recordset(${json(rows)}) as x(${QUEUE_COLUMNS_SQL})`));
}

/** Writes queue figures of any number of clients in `tx`, WRITE_BATCH rows a statement. */
export async function updateQueueInBatches(tx: Tx, portalId: string, rows: readonly QueueWrite[]) {
  for (const part of batches(rows)) await updateQueue(tx, portalId, part);
}

async function markRemoved(tx: Tx, portalId: string, clientIds: string[]) {
  await tx.execute(markRemovedSql(portalId, clientIds));
}

async function recordStatusChanges(tx: Tx, portalId: string, runId: string | null, changes: StatusChange[]) {
  await tx.execute(recordStatusHistoryFrom(portalId, runId, sql`jsonb_to_recordset(${json(changes)}) as x(${sql.raw(STATUS_CHANGE_TYPES)})`));
}

/** Rows per COPY (and per set-based statement after it): progress and yields between them. */
export const COPY_BATCH = 5_000;

const lines = <T>(rows: readonly T[], line: (r: T) => string) => rows.map(line).join('\n') + '\n';

/**
 * Streams rows into a temporary staging table (dropped at commit), batch by batch, then analyzes it so the one
 * set-based UPDATE that follows is planned as a single join (an unanalyzed temp table can get a scan per batch).
 */
async function stage<T>(tx: Tx, copy: CopyIn, table: string, columns: string, rows: readonly T[], line: (r: T) => string, step: (n: number) => Promise<void>) {
  await tx.execute(sql.raw(`create temp table ${table} (${columns}) on commit drop`));
  for (const part of batches(rows, COPY_BATCH)) {
    await copy(`copy ${table} from stdin`, lines(part, line));
    await step(part.length);
  }
  await tx.execute(sql.raw(`analyze ${table}`));
}

/**
 * The COPY path (decision 0022): new clients are streamed straight into `clients`; changed clients and queue
 * figures into temporary staging tables (dropped at commit) and applied with one set-based UPDATE each; status
 * history rows are streamed into `client_status_history`. All on the transaction's connection, so a failure or a
 * kill anywhere rolls back everything.
 */
async function applyWithCopy(tx: Tx, copy: CopyIn, portalId: string, runId: string | null, plan: ImportPlan, step: (n: number) => Promise<void>) {
  const portal = copyValue(portalId);
  for (const rows of batches(plan.removals)) {
    await markRemoved(tx, portalId, rows);
    await step(rows.length);
  }
  // Double-buffered: the next batch's text is built while the database writes the previous one.
  let pending: { done: Promise<void>; n: number } | null = null;
  for (const rows of batches(plan.inserts, COPY_BATCH)) {
    const text = lines(rows, (r) => `${portal}\t${clientCopyLine(r)}`);
    if (pending) {
      await pending.done;
      await step(pending.n);
    }
    const done = copy(COPY_CLIENTS, text);
    done.catch(() => {}); // awaited below; a failure must not be reported as unhandled first
    pending = { done, n: rows.length };
  }
  if (pending) {
    await pending.done;
    await step(pending.n);
  }
  if (plan.updates.length > 0) {
    await stage(tx, copy, 'sync_client_rows', CLIENT_COLUMN_TYPES, plan.updates, clientCopyLine, step);
    await tx.execute(updateClientsFrom(portalId, sql`sync_client_rows x`));
  }
  if (plan.queueUpdates.length > 0) {
    await stage(tx, copy, 'sync_queue_rows', QUEUE_COLUMN_TYPES, plan.queueUpdates, queueCopyLine, step);
    await tx.execute(updateQueueFrom(portalId, sql`sync_queue_rows x`));
  }
  const run = copyValue(runId);
  for (const rows of batches(plan.statusChanges, COPY_BATCH)) {
    await copy(
      COPY_STATUS_HISTORY,
      lines(rows, (c) => [portal, copyValue(c.client_id), copyValue(c.old_status), copyValue(c.new_status), run].join('\t')),
    );
  }
}

/**
 * Applies a plan inside the caller's transaction, batch by batch. `onBatch` reports rows written so far (for the
 * progress shown while a large import runs). With a COPY channel (`copy-rows.ts`) rows are streamed with COPY and
 * applied set-based; without one, each batch is a `jsonb_to_recordset` statement.
 */
export async function applyImportPlan(
  tx: Tx,
  portalId: string,
  runId: string | null,
  plan: ImportPlan,
  onBatch?: (written: number) => Promise<void> | void,
  copy?: CopyIn | null,
): Promise<void> {
  let written = 0;
  const step = async (n: number) => {
    written += n;
    await onBatch?.(written);
    // Let timers and I/O run between statements (PGlite runs each statement on this thread).
    await yieldToEventLoop();
  };
  if (copy) return applyWithCopy(tx, copy, portalId, runId, plan, step);
  for (const rows of batches(plan.removals)) {
    await markRemoved(tx, portalId, rows);
    await step(rows.length);
  }
  for (const rows of batches(plan.inserts)) {
    await insertClients(tx, portalId, rows);
    await step(rows.length);
  }
  for (const rows of batches(plan.updates)) {
    await updateClients(tx, portalId, rows);
    await step(rows.length);
  }
  for (const rows of batches(plan.queueUpdates)) {
    await updateQueue(tx, portalId, rows);
    await step(rows.length);
  }
  for (const rows of batches(plan.statusChanges)) await recordStatusChanges(tx, portalId, runId, rows);
}

/** Rows a plan writes (for the progress total). */
export function planWriteCount(plan: ImportPlan): number {
  return plan.removals.length + plan.inserts.length + plan.updates.length + plan.queueUpdates.length;
}

/**
 * Rows per transaction when a write goes in steps on the embedded database (about 50 ms of its time for queue
 * figures, 100 ms for new clients): what another request may wait for.
 */
export const STEP_ROWS = 1000;

/**
 * The first import of a portal that has no clients at all, on the embedded database: every batch of new clients
 * but the last is written in its own short transaction (the last goes with the portal's state, in the caller's).
 * There is no earlier data to keep; if the run fails or is interrupted, its clients are deleted (by its catch path,
 * the next run of the portal or the clean-up: run-recovery.ts). Returns the clients left for the caller.
 */
export async function insertFirstImportInSteps(
  db: Db,
  portalId: string,
  rows: readonly ClientWrite[],
  holdLease: (tx: Tx) => Promise<void>,
  onStep: (written: number) => Promise<void>,
  inStep?: (tx: Tx, written: ClientWrite[]) => Promise<void>,
): Promise<ClientWrite[]> {
  const lastStart = Math.max(0, Math.floor((rows.length - 1) / STEP_ROWS) * STEP_ROWS);
  for (let i = 0; i < lastStart; i += STEP_ROWS) {
    await db.transaction(async (tx) => {
      // Each step checks (and renews) the run's lease first: a run that lost it writes nothing more.
      await holdLease(tx);
      const part = rows.slice(i, i + STEP_ROWS) as ClientWrite[];
      await insertClients(tx, portalId, part);
      // The step's other rows (its clients' events), in its transaction.
      await inStep?.(tx, part);
    });
    await onStep(i + STEP_ROWS);
    await yieldToEventLoop();
  }
  return rows.slice(lastStart);
}

/**
 * Writes queue figures in short transactions of STEP_ROWS rows with a yield between them, and runs `last` in the
 * last one (it marks the queue current). For the embedded database, which runs one transaction at a time: a
 * single transaction over 100,000 rows held every other request for seconds. Queue figures are derived from the
 * clients' data; until `last` commits the portal's queue is not marked current, so if the process stops midway
 * they are computed again (by the scheduler or the next portal lookup). Meanwhile some clients show the new
 * figures and some the old, for the moment the steps take.
 */
export async function writeQueueInSteps(
  db: Db,
  portalId: string,
  rows: readonly QueueWrite[],
  last: (tx: Tx) => Promise<unknown>,
  onStep?: (written: number) => Promise<void> | void,
  holdLease?: (tx: Tx) => Promise<void>,
  inStep?: (tx: Tx, written: QueueWrite[]) => Promise<void>,
): Promise<void> {
  let written = 0;
  const parts = [...batches(rows, STEP_ROWS)];
  if (parts.length === 0) parts.push([]);
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    await db.transaction(async (tx) => {
      await holdLease?.(tx);
      if (part.length > 0) await updateQueue(tx, portalId, part);
      // The step's client events, with the figures they tell of.
      await inStep?.(tx, part);
      if (i === parts.length - 1) await last(tx);
    });
    written += part.length;
    await onStep?.(written);
    await yieldToEventLoop();
  }
}

/**
 * Writes queue figures outside a sync (a recompute), `last` (marking the queue current) and `withRows` (their
 * events) with them: in short steps on a database that runs one transaction at a time (writeQueueInSteps), else in
 * one transaction.
 */
export async function writeQueue(
  db: Db,
  caps: Pick<SyncCapabilities, 'oneTransactionAtATime'>,
  portalId: string,
  rows: readonly QueueWrite[],
  last: (tx: Tx) => Promise<unknown>,
  withRows: (tx: Tx, written: QueueWrite[]) => Promise<void>,
): Promise<void> {
  if (caps.oneTransactionAtATime) return writeQueueInSteps(db, portalId, rows, last, undefined, undefined, withRows);
  await db.transaction(async (tx) => {
    await updateQueueInBatches(tx, portalId, rows);
    await withRows(tx, [...rows]);
    await last(tx);
  });
}

/** Rows a plan writes in its transaction, status history included (what decides whether to stage it). */
export function planRowCount(plan: ImportPlan): number {
  return planWriteCount(plan) + plan.statusChanges.length;
}
