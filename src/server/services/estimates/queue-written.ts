import type { Tx } from '../../db/client';
import { enqueueAfterChange } from '../job-queue/enqueue-jobs';
import type { NewJob } from '../job-queue/job-types';

// A write of a portal's queue asks for its estimates to follow (decision 0017): an `estimates.refresh` job on the
// durable queue (decision 0016), written in the write's own transaction, so a write that commits always has its
// refresh, whatever stops the process after the commit. The job kind is registered by jobs/estimate-jobs.ts.

export const REFRESH_JOB = 'estimates.refresh';
/** Writes to a portal's queue within this interval share one refresh, which runs when it ends. */
export const REFRESH_INTERVAL_MS = 2000;

/**
 * A portal's refresh job: after a write (no `key`), one per portal and REFRESH_INTERVAL_MS, due when the interval
 * ends; with a `key` (the daily round's day), one per portal and key, due at once.
 */
export function refreshJob(portalId: string, nowMs: number, key?: string): NewJob & { dedupeKey: string } {
  const interval = Math.floor(nowMs / REFRESH_INTERVAL_MS);
  return { kind: REFRESH_JOB, dedupeKey: `${portalId}:${key ?? interval}`, payload: { portalId }, runAt: new Date(key ? nowMs : (interval + 1) * REFRESH_INTERVAL_MS) };
}

/**
 * Called in the transaction that writes a portal's queue (a sync, a recompute, a managed write): its estimates follow.
 * The interval comes from the clock before the write commits, so this interval's refresh may already have run (or be
 * running) without seeing the write: a new one is then queued rather than skipped.
 */
export async function queueWritten(tx: Tx, portalId: string, now: Date): Promise<void> {
  await enqueueAfterChange(tx, now, refreshJob(portalId, now.getTime()));
}
