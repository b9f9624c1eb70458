import { sql, type SQL } from 'drizzle-orm';
import { isOneOf } from '../../db/one-of';
import type { QueueWrite } from '@core/sync/queue-diff';
import type { QueueState } from '@core/sync/queue-diff';
import { copyValue } from './copy-rows';

// The columns of `clients` a sync writes, declared once (issue 18 item 3). Everything that names them is made from
// this list: the column types of `jsonb_to_recordset` and of the staging tables, the insert and update statements,
// the COPY line (its values in this order) and the row type the plan fills in. Adding a column is one line here.

type SqlType = 'text' | 'integer' | 'date' | 'jsonb';
/** What each SQL type is in a row written by the sync. */
interface ValueOf {
  text: string;
  integer: number;
  date: string;
  jsonb: Record<string, string>;
}

interface Column<N extends string = string, T extends SqlType = SqlType, Null extends boolean = boolean, Queue extends boolean = boolean> {
  name: N;
  type: T;
  nullable: Null;
  /** Written again when a row only moved (row number, queue figures): see QUEUE_COLUMNS. */
  queue: Queue;
}

const column = <N extends string, T extends SqlType, Null extends boolean = false, Queue extends boolean = false>(
  name: N,
  type: T,
  o: { nullable?: Null; queue?: Queue } = {},
) => ({ name, type, nullable: (o.nullable ?? false) as Null, queue: (o.queue ?? false) as Queue }) satisfies Column<N, T, Null, Queue>;

/** In COPY order. `client_id` first: it is the key every update joins on. */
export const CLIENT_COLUMNS = [
  column('client_id', 'text', { queue: true }),
  column('row', 'integer', { queue: true }),
  column('name', 'text'),
  column('email', 'text'),
  column('email_normalized', 'text'),
  column('name_normalized', 'text'),
  column('status', 'text'),
  column('priority', 'text'),
  column('due_date_text', 'text'),
  column('due_date', 'date', { nullable: true }),
  column('notes', 'text'),
  column('raw', 'jsonb'),
  column('content_hash', 'text'),
  column('queue_state', 'text', { nullable: true, queue: true }),
  column('queue_position', 'integer', { nullable: true, queue: true }),
  column('estimated_working_days', 'integer', { nullable: true, queue: true }),
  column('estimated_completion', 'date', { nullable: true, queue: true }),
  column('source_id', 'text', { nullable: true }),
] as const;

type Declared = (typeof CLIENT_COLUMNS)[number];
type ValueOfColumn<C extends Column> = (C['name'] extends 'queue_state' ? QueueState : ValueOf[C['type']]) | (C['nullable'] extends true ? null : never);

/** A client as a sync writes it (the plan's inserts and updates), made from the declaration. */
export type ClientRow = { [C in Declared as C['name']]: ValueOfColumn<C> };

/** The columns written when only a client's row number or queue figures changed. */
export const QUEUE_COLUMNS = CLIENT_COLUMNS.filter((c) => c.queue);

// The queue rows core's queue diff produces are exactly the queue columns of a client row (checked by the compiler).
type QueueRowFromColumns = { [C in Declared as C['queue'] extends true ? C['name'] : never]: ValueOfColumn<C> };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const queueRowsMatch: Same<QueueRowFromColumns, QueueWrite> = true;
void queueRowsMatch;

/** `client_id text, row integer, ...`: the shape of `jsonb_to_recordset(...) as x(...)` and of staging tables. */
export const columnTypes = (columns: readonly Column[]) => columns.map((c) => `${c.name} ${c.type}`).join(', ');
/** `client_id, row, ...` */
export const columnNames = (columns: readonly Column[], prefix = '') => columns.map((c) => `${prefix}${c.name}`).join(', ');

export const CLIENT_COLUMN_TYPES = columnTypes(CLIENT_COLUMNS);
export const QUEUE_COLUMN_TYPES = columnTypes(QUEUE_COLUMNS);

/** Inserts the portal's new clients from rows `x` (a jsonb_to_recordset or a staging table). */
export const insertClientsFrom = (portalId: string, x: SQL) => sql`
  insert into clients (portal_id, ${sql.raw(columnNames(CLIENT_COLUMNS))})
  select ${portalId}, ${sql.raw(columnNames(CLIENT_COLUMNS, 'x.'))} from ${x}`;

const assignments = (columns: readonly Column[]) =>
  columns
    .filter((c) => c.name !== 'client_id')
    .map((c) => `${c.name} = x.${c.name}`)
    .join(', ');

/** Updates the portal's clients from rows `x` with the sheet's fields (a removed client comes back). */
export const updateClientsFrom = (portalId: string, x: SQL) => sql`
  update clients c set ${sql.raw(assignments(CLIENT_COLUMNS))}, removed_at = null, updated_at = now()
  from ${x}
  where c.portal_id = ${portalId} and c.client_id = x.client_id`;

/** Updates row numbers and queue figures from rows `x` (no updated_at: the client's data did not change). */
export const updateQueueFrom = (portalId: string, x: SQL) => sql`
  update clients c set ${sql.raw(assignments(QUEUE_COLUMNS))}
  from ${x}
  where c.portal_id = ${portalId} and c.client_id = x.client_id`;

/**
 * Marks the portal's clients `clientIds` removed: out of the queue, their data kept (restored if they come back;
 * purged after REMOVED_RETENTION_DAYS). The keys are matched through the primary key whatever the statistics say
 * (isOneOf).
 */
export const markRemovedSql = (portalId: string, clientIds: readonly string[]) => sql`
  update clients set removed_at = now(), updated_at = now(), queue_state = null, queue_position = null,
    estimated_working_days = null, estimated_completion = null
  where portal_id = ${portalId} and ${isOneOf(sql`client_id`, clientIds)}`;

/** The columns of a status change as a sync stages it (the plan's statusChanges). */
export const STATUS_CHANGE_TYPES = 'client_id text, old_status text, new_status text';

/**
 * Records the status changes of rows `x` (STATUS_CHANGE_TYPES) in the client's history, for run `runId`. Only for
 * clients that exist: a staged apply's steps are transactions of their own.
 */
export const recordStatusHistoryFrom = (portalId: string, runId: string | null, x: SQL) => sql`
  insert into client_status_history (portal_id, client_id, old_status, new_status, sync_run_id)
  select ${portalId}, x.client_id, x.old_status, x.new_status, ${runId}::uuid from ${x}
  where exists (select 1 from clients c where c.portal_id = ${portalId} and c.client_id = x.client_id)`;

/** The COPY statement that streams status history (each line: portal, client, old and new status, run). */
export const COPY_STATUS_HISTORY = 'copy client_status_history (portal_id, client_id, old_status, new_status, sync_run_id) from stdin';

/** The COPY statement that streams new clients straight into `clients` (each line: clientCopyLine after the portal). */
export const COPY_CLIENTS = `copy clients (portal_id, ${columnNames(CLIENT_COLUMNS)}) from stdin`;

function copyField(type: SqlType, value: unknown): string {
  if (type === 'jsonb') return copyValue(JSON.stringify(value));
  return copyValue(value as string | number | null);
}

/** One row in COPY's text format, its values in the declared order. */
export function copyLine(columns: readonly Column[], row: object): string {
  const values = row as Record<string, unknown>;
  let line = '';
  for (let i = 0; i < columns.length; i += 1) {
    const c = columns[i]!;
    line += (i === 0 ? '' : '\t') + copyField(c.type, values[c.name]);
  }
  return line;
}

export const clientCopyLine = (row: ClientRow) => copyLine(CLIENT_COLUMNS, row);
export const queueCopyLine = (row: QueueWrite) => copyLine(QUEUE_COLUMNS, row);
