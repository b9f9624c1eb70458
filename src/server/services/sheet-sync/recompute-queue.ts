import { eq, sql } from 'drizzle-orm';
import type { ClientEventActor } from '@core/client-events';
import { computeQueue, createEstimateContext } from '@core/estimate';
import type { ClientState } from '@core/sync/client-changes';
import { queueChange, type QueueWrite } from '@core/sync/queue-diff';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { clients, portals } from '../../db/schema';
import { writeQueue } from './apply-import';
import { failStaleRunsOf } from './run-recovery';
import { acquireSyncLease, releaseSyncLease } from './sync-lease';
import { queueCurrentFor, readWorkloadSettings } from './workload-state';
import { writeEvents } from './sync-events';

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
 * one JSON array of arrays (every queue recompute and managed write reads the whole portal): a result of one value
 * costs the embedded database about half of 10,000 rows of ten columns. Dates are `YYYY-MM-DD` either way.
 */
export async function readQueueInputs(db: Db | Tx, portalId: string): Promise<QueueInputRow[]> {
  const columns = sql.join(
    queueInputKeys.map((k) => queueInputColumns[k]),
    sql`, `,
  );
  const result = (await db.execute(
    sql`select coalesce(json_agg(json_build_array(${columns})), '[]') as rows from ${clients} where ${clients.portalId} = ${portalId} and ${clients.removedAt} is null`,
  )) as unknown as { rows: { rows: unknown }[] };
  const value = result.rows[0]?.rows ?? [];
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[][];
  return rows.map((r) => Object.fromEntries(queueInputKeys.map((k, i) => [k, r[i]])) as QueueInputRow);
}

/**
 * What a queue recompute needs of the app: the database and how it is written, the event log its moves are
 * recorded in, the time.
 */
export type RecomputeContext = Pick<AppContext, 'db' | 'syncCapabilities' | 'clientEvents' | 'clock' | 'portalMeta'>;

/** Who asked for a recompute that is not a user's (the events' cause). */
export const queueRefreshActor: ClientEventActor = { kind: 'system', job: 'queue.refresh' };

/**
 * Recomputes queue positions and estimates of a portal's clients (after a settings change, a manual position or a
 * restore, and once a day as "today" moves), writing only the rows whose figures changed, under the portal's lease:
 * in one transaction on PostgreSQL, in short steps on the embedded database (writeQueue). Each client whose
 * position or estimate moved gets its events (`client.queue_moved`, `client.estimate_changed`, caused by `actor`;
 * estimate changes only until the portal's estimates are computed, then the estimates refresh records them:
 * writeEvents) in the transaction that writes its figures, handed there to the event log's subscribers.
 * Returns the rows changed, or null when a sync holds the lease (it computes the queue itself).
 */
export async function recomputeQueue(
  ctx: RecomputeContext,
  portalId: string,
  timeZone: string,
  options: {
    actor: ClientEventActor;
    leaseToken?: string;
    /**
     * Clients as they were before the change this recompute completes, where that differs from what is stored now:
     * a client just restored was removed, so (as in a sync that restores it) its new place is not a queue move.
     */
    before?: ReadonlyMap<string, ClientState>;
  },
): Promise<number | null> {
  const { db } = ctx;
  const { leaseToken } = options;
  const token = leaseToken ?? (await acquireSyncLease(db, portalId));
  if (!token) return null;
  try {
    // A sync of the portal left unfinished is finished (or undone) first: the queue is computed over whole data.
    if (!leaseToken) await failStaleRunsOf(db, portalId, token, undefined, ctx.clientEvents);
    const [portal] = await db.select({ workloadSettings: portals.workloadSettings }).from(portals).where(eq(portals.id, portalId));
    if (!portal) return 0;
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
    const events = writeEvents(ctx.clientEvents, portalId, stored, options.actor, ctx.clock);
    const markCurrent = (tx: Tx) => tx.update(portals).set({ queueComputedFor: queueCurrentFor(portal.workloadSettings, estimate.today) }).where(eq(portals.id, portalId));
    await writeQueue(db, ctx.syncCapabilities, portalId, changes, markCurrent, (tx, queueUpdates) => events.committed(tx, { queueUpdates }));
    ctx.portalMeta.portalChanged(portalId);
    return changes.length;
  } finally {
    if (!leaseToken) await releaseSyncLease(db, portalId, token).catch(() => {});
  }
}
