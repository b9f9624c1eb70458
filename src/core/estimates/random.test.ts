import { describe, expect, it } from 'vitest';
import { randomIndex, seededRandom, seedFromText } from './random';

describe('seededRandom', () => {
  it('gives the same numbers for the same seed and others for another seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(first);
  });

  it('draws evenly in [0, 1)', () => {
    const random = seededRandom(7);
    const buckets = new Array<number>(10).fill(0);
    let outside = 0;
    for (let i = 0; i < 100_000; i += 1) {
      const x = random();
      if (!(x >= 0 && x < 1)) outside += 1;
      else buckets[Math.floor(x * 10)] = (buckets[Math.floor(x * 10)] as number) + 1;
    }
    expect(outside).toBe(0);
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('picks indices in range', () => {
    const random = seededRandom(1);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i += 1) seen.add(randomIndex(random, 3));
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });
});

describe('seedFromText', () => {
  it('is stable and tells texts apart', () => {
    expect(seedFromText('portal_abc:2026-03-02')).toBe(seedFromText('portal_abc:2026-03-02'));
    expect(seedFromText('portal_abc:2026-03-02')).not.toBe(seedFromText('portal_abc:2026-03-03'));
  });
});
