import { eq, sql } from 'drizzle-orm';
import type { ClientEventActor } from '@core/client-events';
import { computeQueue, createEstimateContext } from '@core/estimate';
import type { ClientState } from '@core/sync/client-changes';
import { queueChange, type QueueWrite } from '@core/sync/queue-diff';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { clients, portals } from '../../db/schema';
import { STEP_ROWS, updateQueueInBatches, writeQueue, writeQueueInSteps } from './apply-import';
import { failStaleRunsOf } from './run-recovery';
import { acquireSyncLease, releaseSyncLease } from './sync-lease';
import { queueCurrentFor, readWorkloadSettings } from './workload-state';
import { writeEvents, type WriteEvents } from './sync-events';

/** The stored columns a portal's queue is computed from: the queue recompute reads these, the sync's plan these and more. */
export const queueInputColumns = {
  clientId: clients.clientId,
  row: clients.row,
  status: clients.status,
  priority: clients.priority,
  dueDate: clients.dueDate,
  manualPosition: clients.manualPosition,
  queueState: clients.queueState,
  queuePosition: clients.queuePosition,
  estimatedWorkingDays: clients.estimatedWorkingDays,
  estimatedCompletion: clients.estimatedCompletion,
};

/** A current client as the queue reads it. */
export type QueueInputRow = Pick<typeof clients.$inferSelect, keyof typeof queueInputColumns>;

const queueInputKeys = Object.keys(queueInputColumns) as (keyof typeof queueInputColumns)[];

/**
 * The portal's current clients as the queue reads them: what orders them, and the figures they have stored. Read as
 * one JSON array per column (every queue recompute and managed write reads the whole portal): a result of one value
 * costs the embedded database about half of 10,000 rows of ten columns, and an array per column instead of one per
 * client (json_build_array called 10,000 times) reads 10,000 clients in 14-15 ms instead of 19-20 on PostgreSQL and
 * 17 instead of 26 on the embedded database, the rows built here included. Dates are `YYYY-MM-DD` either way.
 */
export async function readQueueInputs(db: Db | Tx, portalId: string): Promise<QueueInputRow[]> {
  // The aggregates of one query read the same rows in the same order: entry i of each array is the same client's.
  const columns = sql.join(
    queueInputKeys.map((k) => sql`json_agg(${queueInputColumns[k]})`),
    sql`, `,
  );
  const result = (await db.execute(
    sql`select json_build_array(${columns}) as columns from ${clients} where ${clients.portalId} = ${portalId} and ${clients.removedAt} is null`,
  )) as unknown as { rows: { columns: unknown }[] };
  const value = result.rows[0]?.columns ?? [];
  return queueInputRowsOf((typeof value === 'string' ? JSON.parse(value) : value) as (unknown[] | null)[]);
}

/**
 * readQueueInputs' arrays, one per column in queueInputKeys' order (each null with no client), as rows (a loop:
 * Object.fromEntries cost 1 us a row).
 */
function queueInputRowsOf(columns: readonly (unknown[] | null)[]): QueueInputRow[] {
  const count = columns[0]?.length ?? 0;
  const rows = new Array<QueueInputRow>(count);
  for (let i = 0; i < count; i += 1) {
    const row: Record<string, unknown> = {};
    for (let k = 0; k < queueInputKeys.length; k += 1) row[queueInputKeys[k]!] = columns[k]![i];
    rows[i] = row as QueueInputRow;
  }
  return rows;
}

/**
 * What a queue recompute needs of the app: the database and how it is written, the event log its moves are
 * recorded in, the time.
 */
export type RecomputeContext = Pick<AppContext, 'db' | 'syncCapabilities' | 'clientEvents' | 'clock' | 'portalMeta'> & {
  /** Tests: called where a change to the queue can be stopped (`committed`: just after the change commits). None in the app. */
  failAt?: (point: QueueChangePoint) => void | Promise<void>;
};

/** Where a change to a portal's queue can be stopped (tests). */
export type QueueChangePoint = 'committed';

/** Who asked for a recompute that is not a user's (the events' cause). */
export const queueRefreshActor: ClientEventActor = { kind: 'system', job: 'queue.refresh' };

/** A portal's queue as computed now: the clients whose figures changed, their events, and the mark that it is current. */
interface QueueRecompute {
  changes: QueueWrite[];
  events: WriteEvents;
  markCurrent: (tx: Tx) => Promise<unknown>;
}

/** The recompute's actor, and the clients as they were before the change it completes (see recomputeQueue). */
interface RecomputeOptions {
  actor: ClientEventActor;
  before?: ReadonlyMap<string, ClientState> | undefined;
}

/** Computes the portal's queue from what `db` sees (the database, or the transaction of a change); null without the portal. */
async function computeRecompute(ctx: RecomputeContext, db: Db | Tx, portalId: string, timeZone: string, options: RecomputeOptions): Promise<QueueRecompute | null> {
  const [portal] = await db.select({ workloadSettings: portals.workloadSettings }).from(portals).where(eq(portals.id, portalId));
  if (!portal) return null;
  const estimate = createEstimateContext(readWorkloadSettings(portal.workloadSettings), timeZone, ctx.clock.nowMs());
  const rows = await readQueueInputs(db, portalId);
  const queue = computeQueue(rows, estimate);
  const changes: QueueWrite[] = [];
  const stored = new Map<string, ClientState>();
  rows.forEach((r, i) => {
    // The row number is the stored one: only the queue figures can change here.
    const change = queueChange(r.clientId, r, r.row, queue[i]!);
    if (!change) return;
    changes.push(change);
    stored.set(r.clientId, options.before?.get(r.clientId) ?? { status: r.status, queuePosition: r.queuePosition, estimatedCompletion: r.estimatedCompletion, removed: false });
  });
  return {
    changes,
    events: writeEvents(ctx.clientEvents, portalId, stored, options.actor, ctx.clock),
    markCurrent: (tx: Tx) => tx.update(portals).set({ queueComputedFor: queueCurrentFor(portal.workloadSettings, estimate.today) }).where(eq(portals.id, portalId)),
  };
}

/**
 * Recomputes queue positions and estimates of a portal's clients (after a settings change, and once a day as
 * "today" moves; a restore or a manual position recomputes with its change: changeQueue), writing only the rows
 * whose figures changed, under the portal's lease: in one transaction on PostgreSQL, in short steps on the embedded
 * database (writeQueue). Each client whose position or estimate moved gets its events (`client.queue_moved`,
 * `client.estimate_changed`, caused by `actor`; estimate changes only until the portal's estimates are computed,
 * then the estimates refresh records them: writeEvents) in the transaction that writes its figures, handed there to
 * the event log's subscribers. Returns the rows changed, or null when a sync holds the lease (it computes the queue
 * itself).
 */
export async function recomputeQueue(
  ctx: RecomputeContext,
  portalId: string,
  timeZone: string,
  options: RecomputeOptions & { leaseToken?: string },
): Promise<number | null> {
  const { db } = ctx;
  const { leaseToken } = options;
  const token = leaseToken ?? (await acquireSyncLease(db, portalId));
  if (!token) return null;
  try {
    // A sync of the portal left unfinished is finished (or undone) first: the queue is computed over whole data.
    if (!leaseToken) await failStaleRunsOf(db, portalId, token, undefined, ctx.clientEvents);
    const recompute = await computeRecompute(ctx, db, portalId, timeZone, options);
    if (!recompute) return 0;
    const { changes, events, markCurrent } = recompute;
    await writeQueue(db, ctx.syncCapabilities, portalId, changes, markCurrent, (tx, queueUpdates) => events.committed(tx, { queueUpdates }));
    ctx.portalMeta.portalChanged(portalId);
    return changes.length;
  } finally {
    if (!leaseToken) await releaseSyncLease(db, portalId, token).catch(() => {});
  }
}

/**
 * Commits `change` (a restore, a manual position: a write that moves the portal's queue) and the queue recompute it
 * calls for in one transaction, under the portal's lease the caller holds: a change that commits has its clients'
 * new figures, their events and the estimates refresh (writeEvents) with it, whatever stops the process after the
 * commit. `change` returns the clients as they were before it where that differs from what is stored now (the
 * recompute's `before`). On the embedded database a recompute of more than STEP_ROWS clients goes as a sync's does:
 * its first step with the change, the queue marked stale there, the rest in short steps after it, the last marking
 * it current (if the process stops before, the scheduler or the next lookup computes it again).
 */
export async function changeQueue(
  ctx: RecomputeContext,
  portalId: string,
  timeZone: string,
  actor: ClientEventActor,
  change: (tx: Tx) => Promise<ReadonlyMap<string, ClientState> | void>,
): Promise<void> {
  const { db } = ctx;
  const left = await db.transaction(async (tx) => {
    const before = (await change(tx)) ?? undefined;
    const recompute = await computeRecompute(ctx, tx, portalId, timeZone, { actor, before });
    if (!recompute) return null;
    const inSteps = ctx.syncCapabilities.oneTransactionAtATime && recompute.changes.length > STEP_ROWS;
    const first = inSteps ? recompute.changes.slice(0, STEP_ROWS) : recompute.changes;
    await updateQueueInBatches(tx, portalId, first);
    await recompute.events.committed(tx, { queueUpdates: first });
    if (inSteps) await tx.update(portals).set({ queueComputedFor: null }).where(eq(portals.id, portalId));
    else await recompute.markCurrent(tx);
    return { ...recompute, rest: recompute.changes.slice(first.length) };
  });
  await ctx.failAt?.('committed');
  if (left && left.rest.length > 0) {
    await writeQueueInSteps(db, portalId, left.rest, left.markCurrent, undefined, undefined, (tx, queueUpdates) => left.events.committed(tx, { queueUpdates }));
  }
  ctx.portalMeta.portalChanged(portalId);
}
