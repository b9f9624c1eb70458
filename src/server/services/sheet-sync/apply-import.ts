import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { ClientWrite, ImportPlan, QueueWrite, StatusChange } from './plan-import';

/** Rows per statement: big enough that 100,000 rows are 40 statements, small enough to keep each one short. */
export const WRITE_BATCH = 2500;

const CLIENT_COLUMNS = sql.raw(
  `client_id text, row integer, name text, email text, email_normalized text, name_normalized text, status text,
   priority text, due_date_text text, due_date date, notes text, raw jsonb, content_hash text, queue_state text,
   queue_position integer, estimated_working_days integer, estimated_completion date`,
);
const QUEUE_COLUMNS = sql.raw(
  `client_id text, row integer, queue_state text, queue_position integer, estimated_working_days integer, estimated_completion date`,
);

function* batches<T>(items: readonly T[], size = WRITE_BATCH): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;

async function insertClients(tx: Tx, portalId: string, rows: ClientWrite[]) {
  await tx.execute(sql`
    insert into clients (portal_id, client_id, row, name, email, email_normalized, name_normalized, status, priority,
      due_date_text, due_date, notes, raw, content_hash, queue_state, queue_position, estimated_working_days, estimated_completion)
    select ${portalId}, x.client_id, x.row, x.name, x.email, x.email_normalized, x.name_normalized, x.status, x.priority,
      x.due_date_text, x.due_date, x.notes, x.raw, x.content_hash, x.queue_state, x.queue_position, x.estimated_working_days,
      x.estimated_completion
    from jsonb_to_recordset(${json(rows)}) as x(${CLIENT_COLUMNS})`);
}

async function updateClients(tx: Tx, portalId: string, rows: ClientWrite[]) {
  await tx.execute(sql`
    update clients c set row = x.row, name = x.name, email = x.email, email_normalized = x.email_normalized,
      name_normalized = x.name_normalized, status = x.status, priority = x.priority, due_date_text = x.due_date_text,
      due_date = x.due_date, notes = x.notes, raw = x.raw, content_hash = x.content_hash, queue_state = x.queue_state,
      queue_position = x.queue_position, estimated_working_days = x.estimated_working_days,
      estimated_completion = x.estimated_completion, removed_at = null, updated_at = now()
    from jsonb_to_recordset(${json(rows)}) as x(${CLIENT_COLUMNS})
    where c.portal_id = ${portalId} and c.client_id = x.client_id`);
}

/** Writes new row numbers and queue figures (no updated_at: the client's data did not change). */
export async function updateQueue(tx: Tx, portalId: string, rows: QueueWrite[]) {
  await tx.execute(sql`
    update clients c set row = x.row, queue_state = x.queue_state, queue_position = x.queue_position,
      estimated_working_days = x.estimated_working_days, estimated_completion = x.estimated_completion
    from jsonb_to_recordset(${json(rows)}) as x(${QUEUE_COLUMNS})
    where c.portal_id = ${portalId} and c.client_id = x.client_id`);
}

async function markRemoved(tx: Tx, portalId: string, clientIds: string[]) {
  await tx.execute(sql`
    update clients set removed_at = now(), updated_at = now(), queue_state = null, queue_position = null,
      estimated_working_days = null, estimated_completion = null
    where portal_id = ${portalId} and client_id in (select jsonb_array_elements_text(${json(clientIds)}))`);
}

async function recordStatusChanges(tx: Tx, portalId: string, runId: string | null, changes: StatusChange[]) {
  await tx.execute(sql`
    insert into client_status_history (portal_id, client_id, old_status, new_status, sync_run_id)
    select ${portalId}, x.client_id, x.old_status, x.new_status, ${runId}::uuid
    from jsonb_to_recordset(${json(changes)}) as x(client_id text, old_status text, new_status text)`);
}

/**
 * Applies a plan inside the caller's transaction, batch by batch. `onBatch` reports rows written so far (for the
 * progress shown while a large import runs).
 */
export async function applyImportPlan(
  tx: Tx,
  portalId: string,
  runId: string | null,
  plan: ImportPlan,
  onBatch?: (written: number) => Promise<void> | void,
): Promise<void> {
  let written = 0;
  const step = async (n: number) => {
    written += n;
    await onBatch?.(written);
    // Let timers and I/O run between statements (PGlite runs each statement on this thread).
    await yieldToEventLoop();
  };
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
