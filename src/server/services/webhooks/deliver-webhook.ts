import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import { enqueueJobs } from '../job-queue/enqueue-jobs';
import type { JobHandler } from '../job-queue/job-types';
import { attemptDelivery, recordUnexpectedFailure, type AttemptDeps, type WebhookDeliveryDeps } from './attempt-delivery';
import { claimDueDeliveries, nextDeliveryDueAt, type ClaimedDelivery } from './claim-webhook-deliveries';
import { createDeliveredRecorder } from './delivered-recorder';
import { createEndpointCache } from './endpoint-cache';
import { endpointDeliveriesJob, WEBHOOK_DELIVER_JOB } from './enqueue-webhooks';

export type { WebhookDeliveryDeps } from './attempt-delivery';

/** What a `webhook.deliver` job carries: the endpoint whose due deliveries it sends (jobs written before had a delivery). */
export interface DeliverPayload {
  endpointId?: string;
  deliveryId?: string;
}

/** Deliveries claimed in one statement. */
const ROUND = 250;
/** Attempts of one run in flight at once (as many as a bare loop would keep open to one receiver). */
const IN_FLIGHT = 10;
/** The most deliveries a run holds at once: it claims a round when half a round is left. */
const MOST_HELD = ROUND + ROUND / 2;
/** Time kept beyond an attempt's time-out for its write (and a busy event loop) before its lease runs out. */
const LEASE_MARGIN_MS = 60 * 1000;
/** The shortest lease (what a claim was given before it followed from the time-out). */
const MIN_DELIVERY_LEASE_MS = 10 * 60 * 1000;

/**
 * A claimed delivery is due again after this (its run died): longer than the last delivery a run holds waits for its
 * turn and its attempt (MOST_HELD ahead, IN_FLIGHT at a time, each up to the time-out), with a margin.
 */
export function deliveryLeaseMs(timeoutMs: number): number {
  return Math.max(MIN_DELIVERY_LEASE_MS, (Math.ceil(MOST_HELD / IN_FLIGHT) + 1) * timeoutMs + LEASE_MARGIN_MS);
}

/**
 * Whether a claimed delivery may still be posted: its lease must outlast the attempt and its write. One that may not
 * is left as it is, due again (to any run) when its lease runs out, so it is never posted by two runs at once.
 */
function leaseOutlastsAttempt(deps: AttemptDeps, delivery: ClaimedDelivery): boolean {
  return deps.clock.nowMs() + deps.timeoutMs + LEASE_MARGIN_MS <= delivery.leaseUntil.getTime();
}
/**
 * A run claims no more after this (app clock) and leaves the rest to a run of its own, so it stays within the queue's
 * lease of its job (2 minutes) unless attempts time out; a run past it is harmless (another run of the endpoint takes
 * only deliveries due and unclaimed).
 */
const RUN_CLAIMS_FOR_MS = 30 * 1000;

/**
 * Posts an endpoint's due deliveries, IN_FLIGHT at a time, claiming the next round while the last is posted (each
 * delivery's row is the guard: claimed under `for update skip locked` and leased). True when it stopped claiming for
 * time with more perhaps due.
 */
async function deliverDue(deps: AttemptDeps, endpointId: string): Promise<boolean> {
  const startedMs = deps.clock.nowMs();
  const waiting: ClaimedDelivery[] = [];
  let claiming: Promise<void> | null = null;
  let exhausted = false;
  let outOfTime = false;
  const writes: Promise<boolean>[] = [];
  const claimMore = () =>
    (claiming ??= (async () => {
      outOfTime = deps.clock.nowMs() - startedMs >= RUN_CLAIMS_FOR_MS;
      const rows = outOfTime ? [] : await claimDueDeliveries(deps.db, { endpointId, now: deps.clock.now(), leaseMs: deliveryLeaseMs(deps.timeoutMs), limit: ROUND });
      waiting.push(...rows);
      if (rows.length < ROUND) exhausted = true;
    })().finally(() => {
      claiming = null;
    }));
  const lane = async () => {
    for (;;) {
      if (!exhausted && waiting.length <= ROUND / 2) {
        const claimed = claimMore();
        if (waiting.length === 0) await claimed;
        else claimed.catch(() => undefined); // a lane that runs dry awaits the next claim and hears its error
      }
      const delivery = waiting.shift();
      if (!delivery) {
        if (exhausted) return;
        continue;
      }
      if (!leaseOutlastsAttempt(deps, delivery)) {
        deps.logger.warn({ deliveryId: delivery.id, leaseUntil: delivery.leaseUntil }, 'a webhook delivery waited past its lease; left for a later run');
        continue;
      }
      const attempted = await attemptDelivery(deps, delivery).catch((err: unknown) => recordUnexpectedFailure(deps, delivery, err));
      if (attempted) writes.push(attempted.written);
    }
  };
  // Every lane ends its attempt, and every success is written, before the run settles.
  const lanes = await Promise.allSettled(Array.from({ length: IN_FLIGHT }, lane));
  const failed = [...lanes, ...(await Promise.allSettled(writes))].find((l) => l.status === 'rejected');
  if (failed) throw failed.reason;
  return outOfTime;
}
/** The endpoint a job is for (a job written before runs were per endpoint names its delivery only). */
async function endpointOf(db: Db, payload: DeliverPayload): Promise<string | null> {
  if (payload.endpointId) return payload.endpointId;
  if (!payload.deliveryId) return null;
  const [row] = await db.select({ endpointId: webhookDeliveries.endpointId }).from(webhookDeliveries).where(eq(webhookDeliveries.id, payload.deliveryId));
  return row?.endpointId ?? null;
}

/**
 * After a run, the endpoint's deliveries are looked at again when the next one is due: at once when the run stopped
 * claiming for time, else at its next retry (or a lease running out), never sooner than a second from now (a due
 * one it could not take, another transaction holding it).
 */
async function wakeAtNextDue(deps: WebhookDeliveryDeps, endpointId: string, more: boolean): Promise<void> {
  const now = deps.clock.now();
  const next = more ? now : await nextDeliveryDueAt(deps.db, endpointId);
  if (!next) return;
  const at = more ? now : new Date(Math.max(next.getTime(), now.getTime() + 1000));
  await enqueueJobs(deps.db, now, [endpointDeliveriesJob(endpointId, `due:${at.toISOString()}`, at)]);
}

/**
 * The `webhook.deliver` job kind (decision 0018 on decision 0016's queue): one job per endpoint and cause (a change's
 * deliveries, a resend, a retry's time) runs that endpoint's due deliveries, one attempt each; a failed one gets its
 * next time on its row, and the run a wake-up for it.
 */
export function webhookDeliveryHandler(deps: WebhookDeliveryDeps): JobHandler<DeliverPayload> {
  const endpoints = createEndpointCache(deps.db, deps.env.BETTER_AUTH_SECRET ?? '', { clock: deps.clock, maxAgeMs: deps.env.WEBHOOK_ENDPOINT_CACHE_MS });
  const attemptDeps: AttemptDeps = { ...deps, endpoints, delivered: createDeliveredRecorder(deps.db, deps.logger) };
  return {
    kind: WEBHOOK_DELIVER_JOB,
    // Each delivery gives up on its own (ten attempts); the endpoint's runs keep trying while any waits.
    retryForMs: Number.MAX_SAFE_INTEGER,
    async run(job) {
      const endpointId = await endpointOf(deps.db, job.payload);
      if (!endpointId) return;
      const more = await deliverDue(attemptDeps, endpointId);
      await wakeAtNextDue(deps, endpointId, more);
    },
  };
}

/** Deliveries are kept this long. */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes deliveries older than the retention window that are no longer waiting. */
export async function purgeWebhookDeliveries(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS);
  const rows = await db
    .delete(webhookDeliveries)
    .where(and(sql`${webhookDeliveries.createdAt} < ${before.toISOString()}::timestamptz`, sql`${webhookDeliveries.state} <> 'pending'`))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** Deliveries waiting for a try: due now, and waiting for a later one (the /metrics gauge). */
export async function pendingWebhookDeliveries(db: Db, now: Date): Promise<{ labels: { when: string }; value: number }[]> {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${webhookDeliveries.nextAttemptAt} <= ${now.toISOString()}::timestamptz)::int`,
      later: sql<number>`count(*) filter (where ${webhookDeliveries.nextAttemptAt} > ${now.toISOString()}::timestamptz)::int`,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.state, 'pending'));
  return [
    { labels: { when: 'due' }, value: Number(row?.due ?? 0) },
    { labels: { when: 'later' }, value: Number(row?.later ?? 0) },
  ];
}
