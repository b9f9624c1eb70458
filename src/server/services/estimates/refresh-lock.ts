import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

// A portal's refresh lock (decision 0017): a portal's estimate changes are recorded by its writers until its
// estimates are computed, then by the refresh alone, and who records them is decided under this lock, so the two never
// both record one change around the first refresh.
// - PostgreSQL: a transaction-level advisory lock of the portal. The refresh holds it alone for its one transaction
//   (from reading the queue to its last row); a writer shares it from the moment it asks who records until its
//   transaction ends, so a refresh waits for the writes before it and the writes after it see its result. Only
//   until the portal's estimates are first computed: after that the answer cannot change, and writers take no lock.
// - The embedded database (one process, one transaction at a time): the refresh writes in steps, so a transaction
//   cannot hold it. Refreshes of a portal run one at a time in the process, and while one is under way (from before
//   it reads the queue) writers leave the estimate changes to it; a write that committed before it started is in
//   what it reads.

const lockKey = (portalId: string) => sql`hashtextextended(${`statuslink.estimates-refresh:${portalId}`}, 0)`;

/** The refresh's hold, alone, until `tx` ends (PostgreSQL). */
export async function holdRefreshLock(tx: Tx, portalId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(portalId)})`);
}

/** A writer's hold, shared with other writers, until `tx` ends: waits for a refresh of the portal under way (PostgreSQL). */
export async function shareRefreshLock(tx: Tx, portalId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${lockKey(portalId)})`);
}

/**
 * Refreshes under way in this process (embedded database), by portal. Keyed by the portal's id alone (a writer has
 * only its transaction): ids are unique, but for the demo portal's fixed one, whose refreshes in apps sharing a
 * process (tests) then go one at a time.
 */
const underWay = new Map<string, Promise<unknown>>();

/** Runs `refresh` after the portal's refresh under way in this process, marked under way from now until it ends. */
export async function oneRefreshHere<T>(portalId: string, refresh: () => Promise<T>): Promise<T> {
  const before = underWay.get(portalId) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(refresh);
  underWay.set(portalId, mine);
  try {
    return await mine;
  } finally {
    if (underWay.get(portalId) === mine) underWay.delete(portalId);
  }
}

/** A refresh of the portal is under way (or waiting) in this process: it records the estimate changes. */
export function refreshUnderWayHere(portalId: string): boolean {
  return underWay.has(portalId);
}
