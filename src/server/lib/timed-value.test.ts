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

  /** A loader whose reads land when the test says: read n (from 1) resolves with `land(n, value)`. */
  const controlled = () => {
    const pending: ((v: string) => void)[] = [];
    return {
      load: () => new Promise<string>((resolve) => pending.push(resolve)),
      reads: () => pending.length,
      land: (n: number, v: string) => pending[n - 1]!(v),
    };
  };

  it('an invalidate during a read in flight: that read is not kept, and the next get reads again', async () => {
    const clock = manualClock('2026-03-02T10:00:00Z');
    const c = controlled();
    const v = timedValue(c.load, 'initial', { clock, maxAgeMs: 5000 });
    const before = v.get();
    v.invalidate(); // the value changed after the read began
    c.land(1, 'stale');
    expect(await before).toBe('stale'); // asked before the change
    expect(v.peek()).toBeNull();
    expect(v.last()).toBe('initial');
    const after = v.get();
    expect(c.reads()).toBe(2);
    c.land(2, 'fresh');
    expect(await after).toBe('fresh');
    expect(v.peek()).toBe('fresh');
  });

  it('a get after the invalidate does not share the stale read, and the stale one landing last changes nothing', async () => {
    const clock = manualClock('2026-03-02T10:00:00Z');
    const c = controlled();
    const v = timedValue(c.load, 'initial', { clock, maxAgeMs: 5000 });
    const before = v.get();
    v.invalidate();
    const after = v.get();
    expect(c.reads()).toBe(2);
    c.land(2, 'fresh');
    expect(await after).toBe('fresh');
    c.land(1, 'stale');
    expect(await before).toBe('stale');
    expect(v.peek()).toBe('fresh');
    expect(v.last()).toBe('fresh');
    expect(await v.get()).toBe('fresh');
    expect(c.reads()).toBe(2);
  });
});
