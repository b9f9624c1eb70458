import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { notificationMessages } from '../../db/schema';
import { SENDING_LEASE_MS, type ClaimedRound } from './prepare-client-message';

/** With less than this left of its lease, a round renews it before it hands over another e-mail. */
const RENEW_WHEN_LEFT_MS = SENDING_LEASE_MS / 2;

/** A round being sent: its claim, when its lease ends and, once renewed, the messages it still holds. */
export interface RoundLease {
  claim: string;
  endsMs: number;
  held: Set<string> | null;
  renewing: Promise<void> | null;
}

export function leaseOf(round: ClaimedRound): RoundLease {
  return { claim: round.claim, endsMs: round.leaseEndsMs, held: null, renewing: null };
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

/**
 * Whether the round may hand this message to the mail server now: it still holds it, with at least half of its lease
 * to run (renewed first when less is left). A round that outlived its lease (the process stalled, the server was
 * slow) thus never sends what another sender has claimed since.
 */
export async function roundStillHolds(ctx: AppContext, lease: RoundLease, messageId: string): Promise<boolean> {
  if (lease.endsMs - ctx.clock.nowMs() < RENEW_WHEN_LEFT_MS) {
    lease.renewing ??= renew(ctx, lease).finally(() => {
      lease.renewing = null;
    });
    await lease.renewing;
  }
  return lease.held === null || lease.held.has(messageId);
}
