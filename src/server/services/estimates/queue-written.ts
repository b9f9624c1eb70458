import type { Db } from '../../db/client';

// The sync and the queue recompute say when they wrote a portal's queue (one call each); the estimates, registered
// on the app (jobs/estimate-jobs.ts), follow shortly after. Keyed by the database handle, so apps in one process
// (tests) each hear their own.

type QueueListener = (portalId: string) => Promise<void>;
const listeners = new WeakMap<Db, QueueListener>();

/** Called after a portal's queue positions were written (a sync, a recompute): its estimates follow shortly. */
export async function queueWritten(db: Db, portalId: string): Promise<void> {
  await listeners.get(db)?.(portalId);
}

/** Who hears of queue writes on this database (one listener per app). */
export function onQueueWritten(db: Db, listener: QueueListener): void {
  listeners.set(db, listener);
}
