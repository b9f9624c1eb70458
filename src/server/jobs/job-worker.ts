import crypto from 'node:crypto';
import os from 'node:os';
import type { Logger } from 'pino';
import { afterFailure } from '@core/job-retry';
import type { Db, Tx } from '../db/client';
import { createBatcher } from '../lib/batcher';
import type { Clock } from '../lib/clock';
import { claimJobs } from '../services/job-queue/claim-jobs';
import { enqueueJobs } from '../services/job-queue/enqueue-jobs';
import { RetryLaterError, type ClaimedJob, type JobHandler, type NewJob, type QueueDepthRow } from '../services/job-queue/job-types';
import { purgeFinishedJobs } from '../services/job-queue/purge-finished-jobs';
import { queueDepth } from '../services/job-queue/queue-depth';
import { deferJob, failJob, finishJobs, retryJob } from '../services/job-queue/settle-jobs';

/**
 * The durable queue on the app context (`ctx.jobs`, decision 0016): kinds register a handler at start; anything
 * enqueues jobs in its own transaction; a worker in each instance claims due jobs under a lease and runs them.
 */
export interface JobQueue {
  /** Adds the handler of a kind (at app start). */
  register<P>(handler: JobHandler<P>): void;
  /** Writes jobs in `q` (the change's transaction); returns how many were new. */
  enqueue(q: Db | Tx, list: readonly NewJob[]): Promise<number>;
  /** Runs passes until none finds a due job (tests and scripts; the worker does the same on its own). Returns jobs run. */
  runDue(): Promise<number>;
  /** Starts this instance's worker (not under tests unless asked). */
  start(options?: WorkerOptions): void;
  /** Stops taking jobs and waits for the running pass. */
  stop(): Promise<void>;
  /** Wakes the worker now (after enqueueing work due at once). */
  poke(): void;
  depth(): Promise<QueueDepthRow[]>;
  /** Channels this instance holds back after their way out failed, and until when. */
  pausedChannels(): { channel: string; until: Date; reason: string }[];
}

export interface WorkerOptions {
  /** Wait between passes that found little to do (default 1 s). */
  pollMs?: number;
  /** Jobs claimed per pass (default 100). */
  batch?: number;
  /** Jobs of one kind run at once, unless its handler says (default 10). */
  concurrency?: number;
}

const PURGE_EVERY_MS = 60 * 60 * 1000;
/** A job that ran this many times without finishing (it crashes its instance, say) stops. */
const MAX_ATTEMPTS = 200;
const DEFAULT_LEASE_MS = 2 * 60 * 1000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

export function createJobQueue(deps: { db: Db; clock: Clock; logger: Logger }): JobQueue {
  const { db, clock, logger } = deps;
  const owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, JobHandler>();
  /** channel -> paused until (ms), why, and how many times in a row it failed. */
  const paused = new Map<string, { untilMs: number; reason: string; failures: number }>();
  let options: Required<WorkerOptions> = { pollMs: 1000, batch: 100, concurrency: 10 };
  let stopped = true;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let lastPurge = 0;

  const channelPaused = (channel: string | undefined, nowMs: number) => {
    if (!channel) return undefined;
    const p = paused.get(channel);
    return p && p.untilMs > nowMs ? p : undefined;
  };

  async function settleFailure(job: ClaimedJob, handler: JobHandler, err: unknown): Promise<void> {
    const now = clock.now();
    const error = errorText(err);
    const down = err instanceof RetryLaterError && err.options.channelDown && handler.channel;
    if (!(err instanceof RetryLaterError)) logger.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
    const firstFailedAt = job.firstFailedAt ?? now;
    const next = afterFailure({
      failedAttempts: job.attempts,
      firstFailedAtMs: firstFailedAt.getTime(),
      nowMs: now.getTime(),
      retryForMs: handler.retryForMs,
      jitter: Math.random(),
    });
    if (next.giveUp || job.attempts >= MAX_ATTEMPTS) {
      try {
        await handler.gaveUp?.(job, error);
      } finally {
        await failJob(db, owner, job.id, { error, now });
      }
      return;
    }
    let retryAt = new Date(next.retryAtMs);
    if (down) {
      // The way out is down: hold the whole channel for the backoff of its own failures in a row.
      // Runs that failed together (started before the first failure was seen) share one hold.
      const current = channelPaused(handler.channel, now.getTime());
      if (current) retryAt = new Date(current.untilMs);
      else {
        const failures = (paused.get(handler.channel!)?.failures ?? 0) + 1;
        const hold = afterFailure({ failedAttempts: failures, firstFailedAtMs: now.getTime(), nowMs: now.getTime(), retryForMs: Number.MAX_SAFE_INTEGER });
        const untilMs = hold.giveUp ? next.retryAtMs : hold.retryAtMs;
        paused.set(handler.channel!, { untilMs, reason: error, failures });
        retryAt = new Date(untilMs);
      }
    }
    await retryJob(db, owner, job.id, { at: retryAt, error, firstFailedAt });
  }

  async function runOne(job: ClaimedJob, done: number[]): Promise<void> {
    const handler = handlers.get(job.kind);
    if (!handler) return; // claimed only for registered kinds
    const hold = channelPaused(handler.channel, clock.nowMs());
    if (hold) {
      await deferJob(db, owner, job.id, new Date(hold.untilMs));
      return;
    }
    // A hold this run started under (one that ran out) ends when it succeeds; one a run beside it set meanwhile stays.
    const holdAtStart = handler.channel ? paused.get(handler.channel) : undefined;
    try {
      const result = await handler.run(job);
      if (handler.channel && paused.get(handler.channel) === holdAtStart) paused.delete(handler.channel);
      if (result && 'later' in result) await deferJob(db, owner, job.id, result.later);
      else done.push(job.id);
    } catch (err) {
      await settleFailure(job, handler, err);
    }
  }

  async function pass(): Promise<number> {
    const now = clock.now();
    const kinds = [...handlers.values()].filter((h) => !channelPaused(h.channel, now.getTime())).map((h) => h.kind);
    const leaseMs = Math.max(DEFAULT_LEASE_MS, ...[...handlers.values()].map((h) => h.leaseMs ?? 0));
    const claimed = await claimJobs(db, { owner, kinds, limit: options.batch, now, leaseMs });
    const done: number[] = [];
    const byKind = new Map<string, ClaimedJob[]>();
    for (const job of claimed) byKind.set(job.kind, [...(byKind.get(job.kind) ?? []), job]);
    await Promise.all([...byKind].map(([kind, list]) => eachLimited(list, handlers.get(kind)?.concurrency ?? options.concurrency, (job) => runOne(job, done))));
    await finishJobs(db, owner, done, clock.now());
    return claimed.length;
  }

  async function maybePurge(): Promise<void> {
    if (clock.nowMs() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = clock.nowMs();
    await purgeFinishedJobs(db, clock.now());
  }

  // The loop keeps up to `batch` jobs in flight: it claims again as soon as half have finished, so preparing the
  // next jobs overlaps with the end of the last ones (a pass at a time would leave the way out idle in between).
  const inFlight = new Set<Promise<void>>();
  const kindSlots = new Map<string, { free: number; waiting: (() => void)[] }>();
  const slotsOf = (kind: string) => {
    let slots = kindSlots.get(kind);
    if (!slots) {
      slots = { free: handlers.get(kind)?.concurrency ?? options.concurrency, waiting: [] };
      kindSlots.set(kind, slots);
    }
    return slots;
  };
  const acquire = (kind: string) =>
    new Promise<void>((resolve) => {
      const slots = slotsOf(kind);
      if (slots.free > 0) {
        slots.free -= 1;
        resolve();
      } else slots.waiting.push(resolve);
    });
  const release = (kind: string) => {
    const slots = slotsOf(kind);
    const next = slots.waiting.shift();
    if (next) next();
    else slots.free += 1;
  };
  const finishSoon = createBatcher(async (ids: number[]) => {
    await finishJobs(db, owner, ids, clock.now());
    return new Map(ids.map((id) => [id, undefined]));
  }, 500, 50);

  function launch(job: ClaimedJob): void {
    const run = (async () => {
      await acquire(job.kind);
      try {
        const done: number[] = [];
        await runOne(job, done);
        if (done.length > 0) await finishSoon(job.id);
      } finally {
        release(job.kind);
      }
    })()
      .catch((err: unknown) => logger.error({ err, jobId: job.id }, 'job queue could not settle a job'))
      .finally(() => {
        inFlight.delete(run);
        if (inFlight.size <= options.batch / 2) wake?.();
      });
    inFlight.add(run);
  }

  /** Claims as many due jobs as there is room for and starts them; true when it found a full load (more may wait). */
  async function claimAndLaunch(): Promise<boolean> {
    const room = options.batch - inFlight.size;
    if (room < Math.ceil(options.batch / 2)) return false;
    const now = clock.now();
    const kinds = [...handlers.values()].filter((h) => !channelPaused(h.channel, now.getTime())).map((h) => h.kind);
    const leaseMs = Math.max(DEFAULT_LEASE_MS, ...[...handlers.values()].map((h) => h.leaseMs ?? 0));
    const claimed = await claimJobs(db, { owner, kinds, limit: room, now, leaseMs });
    for (const job of claimed) launch(job);
    return claimed.length >= room;
  }

  async function runLoop(): Promise<void> {
    while (!stopped) {
      let full = false;
      try {
        await maybePurge();
        full = await claimAndLaunch();
      } catch (err) {
        logger.error({ err }, 'job queue pass failed');
      }
      if (stopped) break;
      if (full && inFlight.size < options.batch / 2) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
    await Promise.allSettled([...inFlight]);
  }

  return {
    register(handler) {
      handlers.set(handler.kind, handler as JobHandler);
    },
    enqueue: (q, list) => enqueueJobs(q, clock.now(), list),
    async runDue() {
      let total = 0;
      for (;;) {
        const n = await pass();
        total += n;
        if (n === 0) return total;
      }
    },
    start(given = {}) {
      if (!stopped) return;
      options = { ...options, ...given };
      stopped = false;
      loop = runLoop();
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      loop = undefined;
    },
    poke() {
      wake?.();
    },
    depth: () => queueDepth(db, clock.now()),
    pausedChannels() {
      const nowMs = clock.nowMs();
      return [...paused.entries()].filter(([, p]) => p.untilMs > nowMs).map(([channel, p]) => ({ channel, until: new Date(p.untilMs), reason: p.reason }));
    },
  };
}
