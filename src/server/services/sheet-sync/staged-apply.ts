// A large change on the embedded database (docs/sheet-sync.md, "Recovery"; decision 0022). PGlite runs one
// transaction at a time, so applying tens of thousands of changed clients in one transaction held every other
// request of every business for seconds. Instead:
// 1. stage: the plan's rows go into tables of their own, in short steps (nothing a reader sees changes);
// 2. commit point: one short transaction writes the portal's new state and marks the run's apply committed;
// 3. apply: the staged rows are applied to clients STEP_ROWS at a time, each step in its own transaction that also
//    records how far the apply has gone. A step is all or nothing, and no step is applied twice.
// A run interrupted before its commit point leaves the clients as they were (its tables are dropped); one
// interrupted after it is finished from where it stopped, by the next run of the portal or the next start
// (run-recovery.ts), so the portal never stays half applied. While the steps run, readers of that one portal may
// see some clients already changed and others not yet: the moment the steps take.
import crypto from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { NewClientEvent } from '@core/client-events';
import type { Db, Tx } from '../../db/client';
import { portals, syncRuns, type StagedTable } from '../../db/schema';
import { STEP_ROWS } from './apply-import';
import { CLIENT_COLUMN_TYPES, insertClientsFrom, markRemovedSql, QUEUE_COLUMN_TYPES, recordStatusHistoryFrom, STATUS_CHANGE_TYPES, updateClientsFrom, updateQueueFrom } from './client-columns';
import type { ImportPlan } from './plan-import';
import { applyRun, commitRun, stageRun } from './run-moves';
import { SyncInProgressError } from './sync-errors';
import type { StagedEvent } from './sync-events';
import type { RecordedClientEvent } from '../client-events/client-event-log';
import { estimateEventSource } from '../estimates/estimate-events';

const ESTIMATE_CHANGED: NewClientEvent['type'] = 'client.estimate_changed';

const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;

/**
 * What a plan stages, by kind, in the order they are applied: the table's columns and the rows. The client events
 * come last: each step that writes them hands them to subscribers with every client already as they say.
 */
function stageParts(plan: ImportPlan, events: readonly StagedEvent[]) {
  return [
    { kind: 'removals', columns: 'client_id text', rows: plan.removals.map((client_id) => ({ client_id })) },
    { kind: 'inserts', columns: CLIENT_COLUMN_TYPES, rows: plan.inserts },
    { kind: 'updates', columns: CLIENT_COLUMN_TYPES, rows: plan.updates },
    { kind: 'queue', columns: QUEUE_COLUMN_TYPES, rows: plan.queueUpdates },
    { kind: 'history', columns: STATUS_CHANGE_TYPES, rows: plan.statusChanges },
    { kind: 'events', columns: 'client_id text, type text, occurred_at timestamptz, data jsonb', rows: events },
  ] as const;
}

const columnNames = (types: string) =>
  types
    .split(',')
    .map((c) => c.trim().split(/\s+/)[0])
    .join(', ');

function* batches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Staged rows that go with clients written (their status history and events), not counted as clients. */
const withClients = (kind: StagedTable['kind']) => kind === 'history' || kind === 'events';

/** Rows the staged tables hold that count as written clients. */
const stagedClientRows = (tables: readonly StagedTable[]) => tables.filter((t) => !withClients(t.kind)).reduce((n, t) => n + t.rows, 0);

/**
 * Copies the plan's rows into tables named after the run (numbered 1..rows in column `n`), STEP_ROWS at a time
 * with a yield between the steps. The run records its tables first, so a crash leaves nothing nobody can find.
 * Returns the tables, in apply order.
 */
export async function stagePlan(
  db: Db,
  runId: string,
  plan: ImportPlan,
  onStep: (staged: number) => Promise<void>,
  events: readonly StagedEvent[] = [],
): Promise<StagedTable[]> {
  const prefix = `sync_stage_${crypto.randomBytes(6).toString('hex')}`;
  const parts = stageParts(plan, events).filter((p) => p.rows.length > 0);
  const tables: StagedTable[] = parts.map((p) => ({ kind: p.kind, table: `${prefix}_${p.kind}`, rows: p.rows.length }));
  // Ended meanwhile (failed by the next run or a clean-up): nothing is staged for it.
  if (!(await stageRun(db, runId, { tables, committed: false, next: { table: 0, row: 0 }, queueDay: null, settings: null, total: 0 }))) throw new SyncInProgressError();
  let done = 0;
  try {
    for (const [i, part] of parts.entries()) {
      const table = tables[i]!.table;
      await db.execute(sql.raw(`create table ${table} (n serial primary key, ${part.columns})`));
      for (const rows of batches<object>(part.rows, STEP_ROWS)) {
        await db.execute(
          sql`insert into ${sql.raw(table)} (${sql.raw(columnNames(part.columns))}) select * from jsonb_to_recordset(${json(rows)}) as x(${sql.raw(part.columns)})`,
        );
        if (!withClients(part.kind)) done += rows.length;
        await onStep(done);
        await yieldToEventLoop();
      }
    }
    return tables;
  } catch (err) {
    await dropStagedTables(db, tables).catch(() => {});
    throw err;
  }
}

/**
 * The commit point, inside the caller's transaction (which also writes the portal's new state): from its commit on,
 * the apply is finished whatever happens. `queueDay`: the day to mark the queue computed for when finished, if the
 * workload settings are still `settings` (null leaves the queue stale, for the scheduler); `total`: the run's rows
 * written in all. A run failed meanwhile (a clean-up found it stalled and dropped its tables) is refused: 409.
 */
export async function commitStagedApply(
  tx: Tx,
  runId: string,
  tables: StagedTable[],
  o: { queueDay: string | null; settings: unknown; total: number },
): Promise<void> {
  if (!(await commitRun(tx, runId, { tables, committed: true, next: { table: 0, row: 0 }, ...o }))) throw new SyncInProgressError();
}

/** Staged table names are made here (sync_stage_<hex>_<kind>); anything else read back is refused, not run. */
const STAGE_TABLE = /^sync_stage_[0-9a-f]+_[a-z]+$/;

/** Rows from..from+STEP_ROWS of one staged table, as a subquery. */
function sliceOf(table: string, from: number): SQL {
  if (!STAGE_TABLE.test(table) || !Number.isSafeInteger(from)) throw new Error(`not a staged table position: ${table} ${from}`);
  return sql.raw(`(select * from ${table} where n > ${from} and n <= ${from + STEP_ROWS})`);
}

/** Writes a slice of the run's staged client events, in order, and returns them as recorded. */
/**
 * Writes rows from..from+STEP_ROWS of the staged events, in the step's transaction. Estimate changes are left out
 * when the portal's refresh records them by now (it may have been computed since they were staged: decision 0017).
 */
async function applyEventSlice(tx: Tx, portalId: string, runId: string, table: string, from: number): Promise<RecordedClientEvent[]> {
  const leaveEstimates = (await estimateEventSource(tx, portalId)) === 'refresh';
  const result = (await tx.execute(sql`
    insert into client_events (portal_id, client_id, type, occurred_at, sync_run_id, actor, data)
    select ${portalId}, x.client_id, x.type, x.occurred_at, ${runId}::uuid, ${`sync:${runId}`}, x.data from ${sliceOf(table, from)} x
    where not (${leaveEstimates} and x.type = ${ESTIMATE_CHANGED}) order by x.n
    returning id, client_id, type, occurred_at, data`)) as unknown as { rows: { id: number | string; client_id: string; type: string; occurred_at: string | Date; data: unknown }[] };
  return result.rows
    .map((r) => ({ id: Number(r.id), portalId, clientId: r.client_id, type: r.type, data: r.data, actor: { kind: 'sync', runId }, occurredAt: new Date(r.occurred_at), syncRunId: runId }) as RecordedClientEvent)
    .sort((a, b) => a.id - b.id);
}

/** The client keys of a slice of a staged table. */
async function stagedKeys(tx: Tx, slice: SQL): Promise<string[]> {
  const result = (await tx.execute(sql`select x.client_id from ${slice} x`)) as unknown as { rows: { client_id: string }[] };
  return result.rows.map((r) => r.client_id);
}

/** Applies rows from..from+STEP_ROWS of one staged table, in the step's transaction. */
async function applySlice(tx: Tx, portalId: string, runId: string, { kind, table }: StagedTable, from: number): Promise<void> {
  const slice = sliceOf(table, from);
  if (kind === 'removals') await tx.execute(markRemovedSql(portalId, await stagedKeys(tx, slice)));
  else if (kind === 'inserts') await tx.execute(insertClientsFrom(portalId, sql`${slice} x`));
  else if (kind === 'updates') await tx.execute(updateClientsFrom(portalId, sql`${slice} x`));
  else if (kind === 'queue') await tx.execute(updateQueueFrom(portalId, sql`${slice} x`));
  else await tx.execute(recordStatusHistoryFrom(portalId, runId, sql`${slice} x`));
}

/**
 * Applies a committed run's staged rows from where it stopped, one short transaction per STEP_ROWS rows, then marks
 * the run 'ok' (and the queue computed) and drops its tables. Each step reads and advances the run's position in
 * its own transaction, so two callers (the run itself and a clean-up) never apply a step twice. `holdLease` runs
 * first in each step (the run checks it still holds the portal). It stops when the run is no longer a committed
 * running one (finished by someone else, or its portal deleted): callers read the run to know which.
 */
export async function finishStagedApply(
  db: Db,
  runId: string,
  options: {
    holdLease?: (tx: Tx) => Promise<void>;
    onStep?: (applied: number, total: number) => Promise<void> | void;
    /** Hands the client events each step writes to the event log's subscribers, in the step's transaction. */
    announce?: (tx: Tx, events: RecordedClientEvent[]) => Promise<void>;
  } = {},
): Promise<void> {
  // The tables seen so far: if the run's row goes (its portal deleted), they are still dropped.
  let known: readonly StagedTable[] = [];
  for (;;) {
    const step = await db.transaction(async (tx) => {
      await options.holdLease?.(tx);
      const [run] = await tx
        .select({ portalId: syncRuns.portalId, status: syncRuns.status, stagedApply: syncRuns.stagedApply })
        .from(syncRuns)
        .where(eq(syncRuns.id, runId))
        .for('update');
      const state = run?.stagedApply;
      if (!run || run.status !== 'running' || !state?.committed) return { outcome: 'gone' as const, tables: state?.tables ?? known };
      const { tables, next } = state;
      const staged = stagedClientRows(tables);
      if (next.table >= tables.length) {
        await tx
          .update(portals)
          .set({ queueComputedFor: state.queueDay === null ? null : sql`case when ${portals.workloadSettings} = ${JSON.stringify(state.settings)}::jsonb then ${state.queueDay}::date else null end` })
          .where(eq(portals.id, run.portalId));
        await applyRun(tx, runId, 'committed', { rowsProcessed: state.total, rowsTotal: state.total });
        return { outcome: 'finished' as const, tables };
      }
      const table = tables[next.table]!;
      if (table.kind === 'events') await options.announce?.(tx, await applyEventSlice(tx, run.portalId, runId, table.table, next.row));
      else await applySlice(tx, run.portalId, runId, table, next.row);
      const row = next.row + STEP_ROWS;
      const advanced = row >= table.rows ? { table: next.table + 1, row: 0 } : { table: next.table, row };
      await tx
        .update(syncRuns)
        .set({ stagedApply: { ...state, next: advanced }, rowsProcessed: appliedRows(tables, advanced), rowsTotal: staged })
        .where(eq(syncRuns.id, runId));
      return { outcome: 'step' as const, applied: appliedRows(tables, advanced), total: staged, tables };
    });
    if (step.outcome !== 'step') {
      // Finished (or not ours any more): the tables are no one's. Left behind if this fails, for the next sweep.
      await dropStagedTables(db, step.tables).catch(() => {});
      return;
    }
    known = step.tables;
    await options.onStep?.(step.applied, step.total);
    await yieldToEventLoop();
  }
}

/** Client rows applied before position `next`. */
function appliedRows(tables: readonly StagedTable[], next: { table: number; row: number }): number {
  let n = 0;
  for (const [i, t] of tables.entries()) {
    if (withClients(t.kind)) continue;
    if (i < next.table) n += t.rows;
    else if (i === next.table) n += Math.min(next.row, t.rows);
  }
  return n;
}

/** Drops a run's staged tables (those that exist). */
export async function dropStagedTables(db: Db | Tx, tables: readonly StagedTable[]): Promise<void> {
  for (const { table } of tables) {
    if (!STAGE_TABLE.test(table)) continue;
    await db.execute(sql.raw(`drop table if exists ${table}`));
  }
}

/**
 * Drops staged tables that no running run names: left by a process that died while staging for a portal deleted
 * since (its run went with it), or by a drop that failed. Safe while runs are live: a run names its tables before
 * it makes them, and they are dropped only once it is no longer running.
 */
export async function dropOrphanStagedTables(db: Db): Promise<number> {
  const found = (await db.execute(sql`
    select c.relname as name from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
    where c.relkind = 'r' and ns.nspname = current_schema() and c.relname like 'sync\\_stage\\_%'
      and not exists (
        select 1 from sync_runs r, jsonb_array_elements(r.staged_apply -> 'tables') t
        where r.status = 'running' and t ->> 'table' = c.relname)`)) as unknown as { rows: { name: string }[] };
  const orphans = found.rows.map((r) => r.name).filter((name) => STAGE_TABLE.test(name));
  for (const name of orphans) await db.execute(sql.raw(`drop table if exists ${name}`));
  return orphans.length;
}
