// When a job that failed for a passing reason is tried again (the durable queue, decision 0016). Pure: the queue
// passes the attempt number and times from the app's clock.

/** First retry after 30 seconds, doubling each time, never more than an hour apart. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_DELAY_MS = 60 * 60 * 1000;
/** How long a job keeps being retried after its first failure, unless its kind says otherwise (issue 19: 24 hours). */
export const DEFAULT_RETRY_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * The wait before attempt `failedAttempts + 1`: 30 s, 1 min, 2 min, ... up to an hour. `jitter` in [0, 1) spreads
 * retries of many jobs that failed together over up to a fifth of the delay, so they do not all come back at once.
 */
export function retryDelayMs(failedAttempts: number, jitter = 0): number {
  const exponent = Math.max(0, Math.min(failedAttempts - 1, 20));
  const delay = Math.min(RETRY_BASE_MS * 2 ** exponent, RETRY_MAX_DELAY_MS);
  return Math.round(delay * (1 + Math.min(Math.max(jitter, 0), 0.999) * 0.2));
}

/**
 * What to do after a failed attempt: give up once the job has been failing for `retryForMs` (its next try would
 * start after that), else try again at the returned time.
 */
export function afterFailure(input: {
  failedAttempts: number;
  firstFailedAtMs: number;
  nowMs: number;
  retryForMs?: number;
  jitter?: number;
}): { giveUp: true } | { giveUp: false; retryAtMs: number } {
  const retryFor = input.retryForMs ?? DEFAULT_RETRY_FOR_MS;
  const retryAtMs = input.nowMs + retryDelayMs(input.failedAttempts, input.jitter);
  if (retryAtMs - input.firstFailedAtMs > retryFor) return { giveUp: true };
  return { giveUp: false, retryAtMs };
}
