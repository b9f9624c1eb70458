// What a failed run tells beyond its own row (run-recovery.ts records the failure): the business's webhooks, the
// upload held back for a large drop, and the error shown on a portal whose own source failed.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { portals } from '../../db/schema';
import { enqueueWebhooks } from '../webhooks/enqueue-webhooks';
import type { SyncSession } from './sync-session';
import { keepUpload } from './uploaded-files';

/**
 * The business's webhooks asking for `sync.failed` hear of it (decision 0018), in the transaction that records the
 * failure, so a failure is announced once and only when recorded. A run held back for a large drop is not a failure.
 */
export async function announceFailure(s: SyncSession, tx: Tx, runId: string, message: string): Promise<void> {
  const { jobs, clock } = s.deps;
  if (!jobs) return;
  const data = { portalId: s.portal.id, syncRunId: runId, error: message, trigger: s.input.trigger };
  await enqueueWebhooks({ jobs, clock }, tx, [{ businessId: s.input.businessId, type: 'sync.failed', data }]);
}

/** An upload held back for its large drop is kept, so the business can confirm it without uploading it again. */
export async function holdUpload(s: SyncSession, runId: string): Promise<void> {
  await s.upload
    .stored()
    .then(async (f) => {
      if (!f) return;
      // Still this run's portal (storing a large file takes a while): else another run's clean-up owns it.
      await s.db.transaction(async (tx) => {
        await s.holdLease(tx);
        await keepUpload(tx, s.portal.id, 'held', f, runId);
      });
      s.upload.kept = true;
    })
    .catch((e: unknown) => s.deps.logger.warn({ err: e, portalId: s.portal.id }, 'could not keep an upload held back for confirmation'));
}

/** A failed sync of the portal's own source: its error shown on the portal, the next try at its interval. */
export async function recordErrorOnPortal(s: SyncSession, message: string): Promise<void> {
  const failedAt = new Date();
  await s.db
    .update(portals)
    .set({ lastAttemptAt: failedAt, lastError: message, lastErrorAt: failedAt, nextSyncAt: sql`now() + make_interval(mins => ${s.portal.syncIntervalMinutes})` })
    .where(eq(portals.id, s.portal.id))
    .catch((e: unknown) => s.deps.logger.warn({ err: e }, 'could not record the sync error on the portal'));
}
