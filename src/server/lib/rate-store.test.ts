import { describe, expect, it } from 'vitest';
import { memoryRateStore, withMemoryFallback, type RateStore } from './rate-store';

/** A shared store that fails while `down` is true (as Redis does while it restarts). */
function flakyStore(): RateStore & { down: boolean } {
  const inner = memoryRateStore();
  const store = {
    down: false,
    hit: (key: string, windowMs: number) => (store.down ? Promise.reject(new Error('Connection is closed.')) : inner.hit(key, windowMs)),
    peek: (key: string) => (store.down ? Promise.reject(new Error('Connection is closed.')) : inner.peek(key)),
    reset: (key: string) => (store.down ? Promise.reject(new Error('Connection is closed.')) : inner.reset(key)),
  };
  return store;
}

describe('withMemoryFallback', () => {
  it('counts in the shared store, and in this instance’s memory while the shared one fails, without failing a request', async () => {
    const shared = flakyStore();
    const errors: unknown[] = [];
    const store = withMemoryFallback(shared, memoryRateStore(), (err) => errors.push(err));
    expect((await store.hit('k', 60_000)).count).toBe(1);
    expect((await store.hit('k', 60_000)).count).toBe(2);
    shared.down = true;
    // Still limited while it is down: the local count starts and grows.
    expect((await store.hit('k', 60_000)).count).toBe(1);
    expect((await store.hit('k', 60_000)).count).toBe(2);
    expect((await store.peek('k')).count).toBe(2);
    await store.reset('k');
    expect(errors).toHaveLength(4);
    shared.down = false;
    expect((await store.hit('k', 60_000)).count).toBe(3);
  });
});
