import type { Clock } from './clock';

/** How long a cached read is trusted, in the app's time. */
export interface CacheTiming {
  clock: Pick<Clock, 'nowMs'>;
  maxAgeMs: number;
}

export interface TimedValue<T> {
  /** The value, read again when older than maxAgeMs (one read at a time). */
  get(): Promise<T>;
  /** The value last read (or the initial one), without reading. */
  last(): T;
  /** The value when read less than maxAgeMs ago (what get() would answer at once), else null. */
  peek(): T | null;
  invalidate(): void;
}

/**
 * A value read from the database and trusted for maxAgeMs of the clock. A clock set back before the read (a test
 * moving its clock to another day) counts as stale, as a clock moved past maxAgeMs does. An invalidate while a read
 * is in flight makes that read stale: its result is answered to those who asked before, but neither kept nor shared
 * with those who ask after (they read again), whenever it lands.
 */
export function timedValue<T>(load: () => Promise<T>, initial: T, timing: CacheTiming): TimedValue<T> {
  let value = initial;
  let loadedAt: number | null = null;
  let inflight: Promise<T> | null = null;
  /** Moved by each invalidate: a read started in an earlier one is stale. */
  let generation = 0;
  const fresh = () => {
    if (loadedAt === null) return false;
    const age = timing.clock.nowMs() - loadedAt;
    return age >= 0 && age < timing.maxAgeMs;
  };
  const read = (): Promise<T> => {
    const startedIn = generation;
    const reading: Promise<T> = load()
      .then((v) => {
        if (startedIn === generation) {
          value = v;
          loadedAt = timing.clock.nowMs();
        }
        return v;
      })
      .finally(() => {
        if (inflight === reading) inflight = null;
      });
    return reading;
  };
  return {
    async get() {
      if (fresh()) return value;
      inflight ??= read();
      return inflight;
    },
    last: () => value,
    peek: () => (fresh() ? value : null),
    invalidate() {
      generation += 1;
      loadedAt = null;
      inflight = null;
    },
  };
}
