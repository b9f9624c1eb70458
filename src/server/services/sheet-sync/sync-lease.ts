import crypto from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { portals } from '../../db/schema';

/** How long a lease lasts unless renewed; a crashed instance's lease frees itself after this. */
export const LEASE_SECONDS = 300;

/** This process's part of every lease owner token, so a restart on the embedded database can free its leases. */
export const processLeaseTag = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

/** A new lease owner token of this process. */
export const newLeaseToken = () => `${processLeaseTag}:${crypto.randomBytes(8).toString('hex')}`;

/**
 * Takes the portal's sync lease: one row update that succeeds only when no live lease exists, so two syncs of one
 * portal never run at once, whichever instance starts them (decision 0005). Returns the owner token, or null.
 */
export async function acquireSyncLease(db: Db, portalId: string): Promise<string | null> {
  const token = newLeaseToken();
  const rows = await db
    .update(portals)
    .set({ syncLeaseOwner: token, syncLeaseExpiresAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(and(eq(portals.id, portalId), or(isNull(portals.syncLeaseExpiresAt), lt(portals.syncLeaseExpiresAt, sql`now()`))))
    .returning({ id: portals.id });
  return rows.length === 1 ? token : null;
}

/** Extends a held lease; false when it was lost (expired and taken by someone else). */
export async function renewSyncLease(db: Db | Tx, portalId: string, token: string): Promise<boolean> {
  const rows = await db
    .update(portals)
    .set({ syncLeaseExpiresAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(and(eq(portals.id, portalId), eq(portals.syncLeaseOwner, token)))
    .returning({ id: portals.id });
  return rows.length === 1;
}

/** Gives the lease back (only if still ours). */
export async function releaseSyncLease(db: Db, portalId: string, token: string): Promise<void> {
  await db
    .update(portals)
    .set({ syncLeaseOwner: null, syncLeaseExpiresAt: null })
    .where(and(eq(portals.id, portalId), eq(portals.syncLeaseOwner, token)));
}

/**
 * Takes the lease, waiting up to `waitMs` for a short holder (a queue recalculation, a restore) to finish.
 * Returns the token, or null when it is still held (a sync).
 */
export async function acquireSyncLeaseWaiting(db: Db, portalId: string, waitMs = 5000): Promise<string | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const token = await acquireSyncLease(db, portalId);
    if (token || Date.now() >= until) return token;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
