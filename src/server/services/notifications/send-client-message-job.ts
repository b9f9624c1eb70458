import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { notificationMessages } from '../../db/schema';
import { RetryLaterError, type JobHandler } from '../job-queue/job-types';
import { clientMessageGaveUp, deliverClientMessage, type DeliveryOutcome } from './deliver-client-message';
import { deliverTextMessage } from './deliver-text-message';
import { SEND_EMAILS_JOB, SEND_TEXT_JOB, sendEmailsJob } from './notification-jobs';
import { claimDueEmails, prepareClientMessage, type ClaimedRound, type MessageToSend } from './prepare-client-message';
import { intervalTimer, keepLeaseWhileOut, leaseOf, roundStillHolds, type LeaseTimer, type RoundLease } from './round-lease';

/** E-mails claimed (and prepared in one transaction) at a time by one lane of a portal's sender. */
const ROUND = 100;
/**
 * Lanes of one portal's sender, each claiming a round and handing it to the mail pool: while one lane waits for its
 * round to be accepted, another prepares the next, so the pool is not left idle (rounds never overlap: skip locked).
 */
const LANES = 3;
/**
 * E-mails of one round with the mail pool at once, waiting for its answer (its 5 connections stay busy across the
 * lanes): each is handed over only while the round still holds its lease, checked just before, so none waits long
 * in the pool's queue. Recording the answer (the sent marks go in batches) does not hold a place.
 */
const SENDS_AT_ONCE = 8;
/** Sender jobs run at once per instance. */
const SENDERS_AT_ONCE = 2;
/**
 * The most e-mails one instance can have with the mail server at once: what a kill may leave in flight (each goes again
 * once, with its Message-ID; decision 0016). Answers not yet recorded (the sent marks' batch) add a few.
 */
export const EMAILS_IN_FLIGHT = SENDERS_AT_ONCE * LANES * SENDS_AT_ONCE;

/**
 * Sends a round of prepared e-mails a few at a time over the pooled transport, each only while the round still
 * holds it (see roundStillHolds), its lease renewed on the timer while any is out (keepLeaseWhileOut); the error when
 * the server was out of reach.
 */
async function sendRound(ctx: AppContext, round: ClaimedRound, timer: LeaseTimer): Promise<string | null> {
  const lease = leaseOf(round);
  const stopRenewing = keepLeaseWhileOut(ctx, lease, timer);
  try {
    return await sendHeldMessages(ctx, round, lease);
  } finally {
    stopRenewing();
  }
}

/** Hands the round's prepared e-mails to the pool, SENDS_AT_ONCE at a time, each only while the round holds it. */
async function sendHeldMessages(ctx: AppContext, round: ClaimedRound, lease: RoundLease): Promise<string | null> {
  const messages: MessageToSend[] = [];
  for (const p of round.prepared.values()) if (p.kind === 'send') messages.push(p.message);
  const outcomes: DeliveryOutcome[] = [];
  const failures: unknown[] = [];
  const recorded: Promise<void>[] = [];
  let next = 0;
  const feed = async () => {
    for (let m = messages[next++]; m; m = messages[next++]) {
      try {
        if (!(await roundStillHolds(ctx, lease, m.id))) continue;
      } catch (err) {
        failures.push(err);
        continue;
      }
      let answered!: () => void;
      const answer = new Promise<void>((resolve) => (answered = resolve));
      // Out until its result is recorded (the sent marks go in batches): the lease is kept that long.
      lease.out++;
      const delivery = deliverClientMessage(ctx, m, answered)
        .finally(answered)
        .then(
          (outcome) => void outcomes.push(outcome),
          (err: unknown) => void failures.push(err),
        )
        .finally(() => void lease.out--);
      recorded.push(delivery);
      await Promise.race([answer, delivery]);
    }
  };
  // Every e-mail of the round settles (each records its own outcome) before a failure of one is passed on.
  await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, messages.length) }, feed));
  await Promise.all(recorded);
  if (failures.length > 0) throw failures[0];
  const down = outcomes.find((o) => o.retry && o.channelDown);
  return down?.retry ? down.error : null;
}

/**
 * After a run, the portal's sender wakes again when its next e-mail is due: one held for quiet hours, one waiting for
 * a retry, one whose sender's lease runs out. A due one it could not take (another transaction held it) is looked
 * at again a second later.
 */
async function wakeAtNextDue(ctx: AppContext, portalId: string): Promise<void> {
  const [next] = await ctx.db
    .select({ at: sql<string | Date | null>`min(${notificationMessages.sendAfter})` })
    .from(notificationMessages)
    .where(and(eq(notificationMessages.portalId, portalId), eq(notificationMessages.channel, 'email'), sql`${notificationMessages.state} in ('pending', 'held', 'sending')`));
  if (!next?.at) return;
  const at = Math.max(new Date(next.at).getTime(), ctx.clock.nowMs() + 1000);
  await ctx.jobs.enqueue(ctx.db, [sendEmailsJob(portalId, new Date(at), 'due')]);
}

/**
 * A portal's client e-mails (one job per portal and due time): claims its due messages a round at a time (each
 * message's row is the guard: claimed under `for update skip locked`, then 'sending' under a lease, then sent) and
 * hands them to the mail pool, in a few lanes so the next round is prepared while the last one is sent. When the mail server is out of
 * reach the run stops and the queue holds the e-mail channel; the messages keep their own retry times.
 */
export function sendClientEmailsHandler(ctx: AppContext, timer: LeaseTimer = intervalTimer): JobHandler<{ portalId: string }> {
  return {
    kind: SEND_EMAILS_JOB,
    channel: 'email',
    // Each job runs lanes of its own; a sync written in slices opens a job per slice.
    concurrency: SENDERS_AT_ONCE,
    // Each message gives up on its own after 24 hours; the portal's sender keeps trying while any waits.
    retryForMs: Number.MAX_SAFE_INTEGER,
    async run(job) {
      const { portalId } = job.payload;
      let down: string | null = null;
      const lane = async () => {
        while (down === null) {
          const round = await claimDueEmails(ctx, portalId, ROUND);
          if (round.prepared.size === 0) return;
          down ??= await sendRound(ctx, round, timer);
        }
      };
      // Every lane ends its round before the run settles: its messages record their own outcomes.
      const lanes = await Promise.allSettled(Array.from({ length: LANES }, lane));
      const failed = lanes.find((l) => l.status === 'rejected');
      if (failed) throw failed.reason;
      if (down !== null) throw new RetryLaterError(down, { channelDown: true });
      await wakeAtNextDue(ctx, portalId);
    },
  };
}

/** Client texts, one job each, to Twilio (their own channel: a Twilio outage holds texts, not e-mails). */
export function sendClientTextHandler(ctx: AppContext): JobHandler<{ messageId: string }> {
  return {
    kind: SEND_TEXT_JOB,
    channel: 'sms',
    concurrency: 10,
    async run(job) {
      const prepared = await prepareClientMessage(ctx, job.payload.messageId);
      if (prepared.kind === 'later') return { later: prepared.at };
      if (prepared.kind === 'text') await deliverTextMessage(ctx, prepared.text);
    },
    gaveUp: (job, error) => clientMessageGaveUp(ctx, job.payload.messageId, error),
  };
}
