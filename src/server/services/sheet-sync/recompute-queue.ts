import { and, eq, isNull } from 'drizzle-orm';
import { computeQueue, createEstimateContext } from '@core/estimate';
import { runsOneTransactionAtATime, type Db, type Tx } from '../../db/client';
import { clients, portals } from '../../db/schema';
import { updateQueue, WRITE_BATCH, writeQueueInSteps } from './apply-import';
import { queueChange, type QueueWrite } from '@core/sync/queue-diff';
import { failStaleRunsOf } from './maintenance';
import { acquireSyncLease, releaseSyncLease } from './sync-lease';
import { queueCurrentFor, readWorkloadSettings } from './run-sync';
import { forgetPortalMeta } from '../portal-lookup/lookup-queries';
import { queueWritten } from '../estimates/queue-written';

/**
 * Recomputes queue positions and estimates of a portal's clients (after a settings change, and once a day as
 * "today" moves), writing only the rows whose figures changed, under the portal's lease: in one transaction on
 * PostgreSQL, in short steps on the embedded database (writeQueueInSteps).
 * Returns the rows changed, or null when a sync holds the lease (it computes the queue itself).
 */
export async function recomputeQueue(db: Db, portalId: string, timeZone: string, leaseToken?: string): Promise<number | null> {
  const token = leaseToken ?? (await acquireSyncLease(db, portalId));
  if (!token) return null;
  try {
    // A sync of the portal left unfinished is finished (or undone) first: the queue is computed over whole data.
    if (!leaseToken) await failStaleRunsOf(db, portalId, token);
    const [portal] = await db.select({ workloadSettings: portals.workloadSettings }).from(portals).where(eq(portals.id, portalId));
    if (!portal) return 0;
    const estimate = createEstimateContext(readWorkloadSettings(portal.workloadSettings), timeZone, Date.now());
    const rows = await db
      .select({
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
      })
      .from(clients)
      .where(and(eq(clients.portalId, portalId), isNull(clients.removedAt)));
    const queue = computeQueue(rows, estimate);
    const changes: QueueWrite[] = [];
    rows.forEach((r, i) => {
      // The row number is the stored one: only the queue figures can change here.
      const change = queueChange(r.clientId, r, r.row, queue[i]!);
      if (change) changes.push(change);
    });
    const markCurrent = (tx: Tx) => tx.update(portals).set({ queueComputedFor: queueCurrentFor(portal.workloadSettings, estimate.today) }).where(eq(portals.id, portalId));
    if (runsOneTransactionAtATime(db)) await writeQueueInSteps(db, portalId, changes, markCurrent);
    else {
      await db.transaction(async (tx) => {
        for (let i = 0; i < changes.length; i += WRITE_BATCH) await updateQueue(tx, portalId, changes.slice(i, i + WRITE_BATCH));
        await markCurrent(tx);
      });
    }
    forgetPortalMeta(db, portalId);
    await queueWritten(db, portalId);
    return changes.length;
  } finally {
    if (!leaseToken) await releaseSyncLease(db, portalId, token).catch(() => {});
  }
}
