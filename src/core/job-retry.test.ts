import { describe, expect, it } from 'vitest';
import { afterFailure, DEFAULT_RETRY_FOR_MS, retryDelayMs } from './job-retry';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('retry delays', () => {
  it.each([
    [1, 30_000],
    [2, MIN],
    [3, 2 * MIN],
    [4, 4 * MIN],
    [8, 64 * MIN > HOUR ? HOUR : 64 * MIN],
    [9, HOUR],
    [50, HOUR],
    [0, 30_000],
  ])('after %i failed attempts: %i ms', (failed, delay) => {
    expect(retryDelayMs(failed)).toBe(delay);
  });

  it('jitter adds at most a fifth', () => {
    expect(retryDelayMs(1, 0.5)).toBe(33_000);
    expect(retryDelayMs(1, 5)).toBeLessThan(36_000);
    expect(retryDelayMs(1, -1)).toBe(30_000);
  });
});

describe('after a failure', () => {
  const start = Date.UTC(2026, 2, 2, 10);
  it('retries while the next try is within 24 hours of the first failure', () => {
    expect(afterFailure({ failedAttempts: 1, firstFailedAtMs: start, nowMs: start })).toEqual({ giveUp: false, retryAtMs: start + 30_000 });
    const late = start + DEFAULT_RETRY_FOR_MS - 2 * HOUR;
    expect(afterFailure({ failedAttempts: 30, firstFailedAtMs: start, nowMs: late })).toEqual({ giveUp: false, retryAtMs: late + HOUR });
  });

  it('gives up when the next try would fall after 24 hours', () => {
    expect(afterFailure({ failedAttempts: 30, firstFailedAtMs: start, nowMs: start + 23.5 * HOUR })).toEqual({ giveUp: true });
  });

  it('takes a shorter window for kinds that ask for it', () => {
    expect(afterFailure({ failedAttempts: 3, firstFailedAtMs: start, nowMs: start + 4 * MIN, retryForMs: 5 * MIN })).toEqual({ giveUp: true });
  });

  it('the schedule over a day: about 30 tries', () => {
    let now = start;
    let tries = 1;
    for (;;) {
      const next = afterFailure({ failedAttempts: tries, firstFailedAtMs: start, nowMs: now });
      if (next.giveUp) break;
      now = next.retryAtMs;
      tries += 1;
    }
    expect(tries).toBeGreaterThan(25);
    expect(tries).toBeLessThan(35);
    expect(now - start).toBeLessThanOrEqual(DEFAULT_RETRY_FOR_MS);
  });
});
