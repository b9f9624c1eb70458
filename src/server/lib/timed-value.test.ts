import { describe, expect, it } from 'vitest';
import { manualClock } from './clock';
import { timedValue } from './timed-value';

describe('timedValue', () => {
  const counter = () => {
    let reads = 0;
    return { load: async () => ++reads, reads: () => reads };
  };

  it('reads once, then again only after maxAge of the clock', async () => {
    const clock = manualClock('2026-03-02T10:00:00Z');
    const c = counter();
    const v = timedValue(c.load, 0, { clock, maxAgeMs: 5000 });
    expect(v.last()).toBe(0);
    expect(v.peek()).toBeNull();
    expect(await v.get()).toBe(1);
    clock.advance(4999);
    expect(await v.get()).toBe(1);
    expect(v.peek()).toBe(1);
    clock.advance(1);
    expect(v.peek()).toBeNull();
    expect(await v.get()).toBe(2);
  });

  it('reads again when the clock is set back before the read, or when invalidated', async () => {
    const clock = manualClock('2026-03-02T10:00:00Z');
    const c = counter();
    const v = timedValue(c.load, 0, { clock, maxAgeMs: 5000 });
    await v.get();
    clock.set('2026-03-01T10:00:00Z');
    expect(await v.get()).toBe(2);
    v.invalidate();
    expect(await v.get()).toBe(3);
  });

  it('shares one read between callers', async () => {
    const c = counter();
    const v = timedValue(c.load, 0, { clock: manualClock(), maxAgeMs: 5000 });
    expect(await Promise.all([v.get(), v.get(), v.get()])).toEqual([1, 1, 1]);
    expect(c.reads()).toBe(1);
  });
});
