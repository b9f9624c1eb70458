import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { notificationMessages } from '../../db/schema';
import { SENDING_LEASE_MS, type ClaimedRound } from './prepare-client-message';

/** With less than this left of its lease, a round renews it before it hands over another e-mail. */
const RENEW_WHEN_LEFT_MS = SENDING_LEASE_MS / 2;

/** While any of a round's e-mails is with the mail pool, its lease is renewed this often. */
export const RENEW_EVERY_MS = SENDING_LEASE_MS / 4;

/** Runs `tick` every `ms` milliseconds until the function it returns is called (tests fire it as their clock moves). */
export interface LeaseTimer {
  every(ms: number, tick: () => Promise<void>): () => void;
}

/** The process's timers (the app's clock is the real one wherever these run). */
export const intervalTimer: LeaseTimer = {
  every(ms, tick) {
    const handle = setInterval(() => void tick(), ms);
    handle.unref();
    return () => clearInterval(handle);
  },
};

/** A round being sent: its claim, when its lease ends, once renewed the messages it still holds, and how many are out. */
export interface RoundLease {
  claim: string;
  endsMs: number;
  held: Set<string> | null;
  renewing: Promise<void> | null;
  /** Its e-mails with the mail pool, or answered and not yet recorded. */
  out: number;
}

export function leaseOf(round: ClaimedRound): RoundLease {
  return { claim: round.claim, endsMs: round.leaseEndsMs, held: null, renewing: null, out: 0 };
}

/**
 * Moves the end of the lease on the messages the round still holds (being sent, under its claim) and learns which
 * those are: one whose lease ran out and another sender claimed (a new claim) is that sender's now.
 */
async function renew(ctx: AppContext, lease: RoundLease): Promise<void> {
  const until = ctx.clock.nowMs() + SENDING_LEASE_MS;
  const rows = await ctx.db
    .update(notificationMessages)
    .set({ sendAfter: new Date(until) })
    .where(and(eq(notificationMessages.claim, lease.claim), eq(notificationMessages.state, 'sending')))
    .returning({ id: notificationMessages.id });
  lease.held = new Set(rows.map((r) => r.id));
  lease.endsMs = until;
}

/** Renews the lease, once however many ask at the same time. */
function renewOnce(ctx: AppContext, lease: RoundLease): Promise<void> {
  lease.renewing ??= renew(ctx, lease).finally(() => {
    lease.renewing = null;
  });
  return lease.renewing;
}

/**
 * Whether the round may hand this message to the mail server now: it still holds it, with at least half of its lease
 * to run (renewed first when less is left). A round that outlived its lease (the process stalled, the server was
 * slow) thus never sends what another sender has claimed since.
 */
export async function roundStillHolds(ctx: AppContext, lease: RoundLease, messageId: string): Promise<boolean> {
  if (lease.endsMs - ctx.clock.nowMs() < RENEW_WHEN_LEFT_MS) await renewOnce(ctx, lease);
  return lease.held === null || lease.held.has(messageId);
}

/**
 * Keeps the round's lease while any of its e-mails is with the mail pool or waits for its result to be recorded: a
 * slow relay may answer after the lease would have run out (or the batched sent mark come after it), and another
 * sender would then claim and send the e-mail too. Renewed every RENEW_EVERY_MS of the timer until the returned
 * function stops it (when the round ends); a failed renewal is logged, the next tries again (each answer is recorded
 * only while the round still holds its message).
 */
export function keepLeaseWhileOut(ctx: AppContext, lease: RoundLease, timer: LeaseTimer): () => void {
  return timer.every(RENEW_EVERY_MS, async () => {
    if (lease.out === 0) return;
    await renewOnce(ctx, lease).catch((err: unknown) => ctx.logger.warn({ err, claim: lease.claim }, 'could not renew a sending lease'));
  });
}
