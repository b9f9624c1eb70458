import crypto from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { leaseSessionOf } from '../../db/lease-session';
import { portals } from '../../db/schema';
import type { Clock } from '../../lib/clock';

/**
 * How long a lease lasts unless renewed. On PostgreSQL a dead holder's lease is free at once (its session lock went
 * with its connection: decision 20); on the embedded database every lease is freed at start.
 */
export const LEASE_SECONDS = 300;

/** This process's part of every lease owner token, so a restart on the embedded database can free its leases. */
export const processLeaseTag = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

/** A new lease owner token of this process. */
export const newLeaseToken = () => `${processLeaseTag}:${crypto.randomBytes(8).toString('hex')}`;

/** A lease taken: its owner token, and which acquisition of the portal's lease it was (portals.sync_lease_generation). */
export interface HeldLease {
  token: string;
  generation: number;
}

/**
 * The portal row's lease columns as a new holder `token` takes the lease: every taking counts one more generation, so
 * a holder that finds the count one past its own last taking knows nobody has held the lease since (every writer of
 * a portal's clients holds it: queue-inputs-cache.ts).
 */
export const leaseTakenBy = (token: string) => ({
  syncLeaseOwner: token,
  syncLeaseExpiresAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
  syncLeaseGeneration: sql`${portals.syncLeaseGeneration} + 1`,
});

/**
 * Takes the portal's sync lease, so two syncs of one portal never run at once, whichever instance starts them
 * (decision 0022). On PostgreSQL the lease is first the portal's session lock on this instance's lease connection
 * (db/lease-session.ts): held by a live process elsewhere (or here), the answer is null; once it is ours, any holder
 * the row still names has died (killed, or its connection lost), so the row is taken whatever its expiry (decision
 * 20). On the embedded database, one row update that succeeds only when no live lease exists. Returns the owner
 * token, or null.
 */
export async function acquireSyncLease(db: Db, portalId: string): Promise<string | null> {
  return (await takeSyncLease(db, portalId))?.token ?? null;
}

/** acquireSyncLease, answering the lease's generation with its token. */
export async function takeSyncLease(db: Db, portalId: string): Promise<HeldLease | null> {
  const token = newLeaseToken();
  const session = leaseSessionOf(db);
  if (session && !(await session.tryLock(portalId, token))) return null;
  try {
    const free = or(isNull(portals.syncLeaseExpiresAt), lt(portals.syncLeaseExpiresAt, sql`now()`));
    const [row] = await db
      .update(portals)
      .set(leaseTakenBy(token))
      .where(session ? eq(portals.id, portalId) : and(eq(portals.id, portalId), free))
      .returning({ generation: portals.syncLeaseGeneration });
    if (row) return { token, generation: row.generation };
  } catch (err) {
    await session?.unlock(portalId, token).catch(() => {});
    throw err;
  }
  await session?.unlock(portalId, token);
  return null;
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

/** Gives the lease back (only if still ours), and on PostgreSQL its session lock. */
export async function releaseSyncLease(db: Db, portalId: string, token: string): Promise<void> {
  try {
    await db
      .update(portals)
      .set({ syncLeaseOwner: null, syncLeaseExpiresAt: null })
      .where(and(eq(portals.id, portalId), eq(portals.syncLeaseOwner, token)));
  } finally {
    await leaseSessionOf(db)?.unlock(portalId, token);
  }
}

/**
 * Takes the lease, waiting up to `waitMs` of the clock's time for a short holder (a queue recalculation, a restore)
 * to finish. Returns the token, or null when it is still held (a sync).
 */
export async function acquireSyncLeaseWaiting(db: Db, portalId: string, clock: Pick<Clock, 'nowMs' | 'sleep'>, waitMs = 5000): Promise<string | null> {
  const until = clock.nowMs() + waitMs;
  for (;;) {
    const token = await acquireSyncLease(db, portalId);
    if (token || clock.nowMs() >= until) return token;
    await clock.sleep(200);
  }
}
