import { describe, expect, it } from 'vitest';
import { manualClock, systemClock } from './clock';

describe('clock', () => {
  it('a manual clock stands still until advanced or set', () => {
    const clock = manualClock('2026-03-01T23:30:00Z');
    expect(clock.now().toISOString()).toBe('2026-03-01T23:30:00.000Z');
    expect(clock.today('UTC')).toBe('2026-03-01');
    expect(clock.today('Asia/Tokyo')).toBe('2026-03-02');
    clock.advance(60 * 60_000);
    expect(clock.nowMs()).toBe(Date.parse('2026-03-02T00:30:00Z'));
    expect(clock.today('UTC')).toBe('2026-03-02');
    clock.set('2026-12-31T12:00:00Z');
    expect(clock.today('America/New_York')).toBe('2026-12-31');
  });

  it('the system clock reads the real time', () => {
    const before = Date.now();
    const read = systemClock.nowMs();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(systemClock.today('UTC')).toBe(new Date(read).toISOString().slice(0, 10));
  });
});
