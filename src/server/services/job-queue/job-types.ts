import type { JobState } from '../../db/schema/jobs';

// The durable queue's vocabulary (decision 0016). A kind of work registers one handler; anything may enqueue jobs of
// it, in its own transaction.

/** A job to write: its kind, what the handler needs, and when it may run first. */
export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** A second job of the same kind and key is not written (e.g. one send per message). */
  dedupeKey?: string | null;
  /** Not before (default: now). */
  runAt?: Date;
}

/** A job as a worker holds it. */
export interface ClaimedJob<P = Record<string, unknown>> {
  id: number;
  kind: string;
  payload: P;
  /** Runs started, this one included. */
  attempts: number;
  firstFailedAt: Date | null;
  createdAt: Date;
}

/** What a run asks for: nothing (done), or to run again later without counting as a failure (e.g. quiet hours). */
export type JobResult = void | { later: Date };

/**
 * A failure that may pass (a mail server answering 4xx, a connection refused): the job is retried with backoff
 * until its kind's retry window ends. `channelDown`: the way out itself is down (not this one job), so the worker
 * stops taking jobs of the same channel for the backoff delay instead of failing each one of them.
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly options: { channelDown?: boolean } = {},
  ) {
    super(message);
  }
}

/** The code that runs jobs of one kind. */
export interface JobHandler<P = Record<string, unknown>> {
  kind: string;
  /** Kinds sharing a channel ('email', 'sms') pause together when one of them reports the channel down. */
  channel?: string;
  /** Retries stop this long after the first failure (default 24 hours). */
  retryForMs?: number;
  /** Longer than the longest run: a job held longer is taken to be lost with its instance and runs again (default 2 min). */
  leaseMs?: number;
  /** Jobs of this kind run at once on one instance (default 10). */
  concurrency?: number;
  run(job: ClaimedJob<P>): Promise<JobResult>;
  /** Called once when retries stop; the job is then marked failed. Any other error is retried as a passing one. */
  gaveUp?(job: ClaimedJob<P>, lastError: string): Promise<void>;
}

/** Jobs of one kind in one state, for metrics and the back office. */
export interface QueueDepthRow {
  kind: string;
  state: JobState;
  count: number;
  /** Queued jobs only: how many are due now, and how long the oldest due one has waited (seconds). */
  due: number;
  oldestDueSeconds: number | null;
}
