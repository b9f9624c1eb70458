import type { Redis } from 'ioredis';

/** A fixed-window counter shared by the throttles that are not plain per-route limits. */
export interface RateStore {
  /** Counts one hit on key; returns the count in the current window and ms until it resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** The current count without counting. */
  peek(key: string): Promise<{ count: number; resetMs: number }>;
  reset(key: string): Promise<void>;
}

export function memoryRateStore(now: () => number = Date.now): RateStore {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  // Keep the map from growing without bound.
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, e] of entries) if (e.resetAt <= t) entries.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const e = live(key) ?? { count: 0, resetAt: now() + windowMs };
      e.count += 1;
      entries.set(key, e);
      return { count: e.count, resetMs: e.resetAt - now() };
    },
    async peek(key) {
      const e = live(key);
      return e ? { count: e.count, resetMs: e.resetAt - now() } : { count: 0, resetMs: 0 };
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

export function redisRateStore(redis: Redis, prefix = 'statuslink:rate:'): RateStore {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const results = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 1);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, resetMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return { count: Number(count ?? 0), resetMs: Math.max(0, ttl) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * The shared store while it answers; this instance's own memory while it does not (Redis restarting, unreachable), so
 * a limit is still applied, per instance, and no request fails for it. `onError` hears each failure (the app logs a
 * warning at most once a minute).
 */
export function withMemoryFallback(shared: RateStore, local: RateStore, onError: (err: unknown) => void): RateStore {
  const guarded =
    <A extends unknown[], R>(op: (store: RateStore) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await op(shared)(...args);
      } catch (err) {
        onError(err);
        return op(local)(...args);
      }
    };
  return { hit: guarded((s) => s.hit), peek: guarded((s) => s.peek), reset: guarded((s) => s.reset) };
}
