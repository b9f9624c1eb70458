import { describe, expect, it } from 'vitest';
import { MIN_RECENT_COMPLETIONS, recentParts, runLengthPosterior } from './change-point';
import { seededRandom } from './random';
import { poisson } from './test-fixtures';

const week = 5;

function series(days: number, paceOf: (i: number) => number, seed = 1): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: days }, (_, i) => poisson(random, paceOf(i)));
}

describe('recentParts', () => {
  // A priori a change happens about twice a year, so a steady window still leaves a share to shorter parts; those
  // parts have the same pace, so the pace learned stays the window's.
  const learnedPace = (result: ReturnType<typeof recentParts>) => result.parts.reduce((a, p) => a + p.share * p.perDay, 0);

  it('learns from the whole window when the pace is steady', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const counts = series(60, () => 3, seed);
      const result = recentParts(counts, week);
      expect(result.changed).toBeLessThan(0.3);
      expect(Math.abs(learnedPace(result) / (counts.reduce((a, b) => a + b, 0) / 60) - 1)).toBeLessThan(0.05);
    }
  });

  it('does not take a weekly rhythm for a change', () => {
    const rhythm = [1.5, 2.7, 3.3, 3.3, 4.2];
    for (const seed of [1, 2, 3]) {
      const counts = series(60, (i) => rhythm[i % 5] as number, seed);
      const result = recentParts(counts, week);
      expect(result.changed).toBeLessThan(0.3);
      expect(Math.abs(learnedPace(result) / (counts.reduce((a, b) => a + b, 0) / 60) - 1)).toBeLessThan(0.05);
    }
  });

  it('moves over to the recent weeks after the pace halves, more as the evidence builds up', () => {
    const dropAt = (daysSince: number) => recentParts(series(60, (i) => (i >= 60 - daysSince ? 1.5 : 3), 11), week);
    const after1 = dropAt(5);
    const after3 = dropAt(15);
    const after5 = dropAt(25);
    expect(after1.changed).toBeLessThan(after3.changed);
    expect(after3.changed).toBeLessThan(after5.changed);
    expect(after5.changed).toBeGreaterThan(0.6);
    expect(learnedPace(after5)).toBeLessThan(2.3);
    // The runs that see a change mostly learn from parts starting within a week of the drop.
    const nearDrop = after5.parts.filter((p) => p.start > 0 && Math.abs(60 - p.start - 25) <= 5).reduce((a, p) => a + p.share, 0);
    expect(nearDrop).toBeGreaterThan(0.5);
  });

  it('shares add up to one, and each part reports its own pace', () => {
    const counts = series(60, (i) => (i >= 40 ? 1 : 4), 3);
    const result = recentParts(counts, week);
    expect(result.parts.reduce((a, p) => a + p.share, 0)).toBeCloseTo(1, 9);
    for (const part of result.parts) {
      const tail = counts.slice(part.start);
      expect(part.perDay).toBeCloseTo(tail.reduce((a, b) => a + b, 0) / tail.length, 9);
    }
  });

  it('never learns from a recent part with too few completions (a stall is not a new pace of zero)', () => {
    const counts = series(60, (i) => (i >= 45 ? 0 : 3), 4);
    for (const part of recentParts(counts, week).parts) {
      if (part.start > 0) expect(counts.slice(part.start).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(MIN_RECENT_COMPLETIONS);
    }
  });

  it('learns from the whole of a short window', () => {
    expect(recentParts([3, 0, 4, 2, 1, 5, 2], week)).toEqual({ parts: [{ start: 0, share: 1, perDay: 17 / 7 }], changed: 0 });
  });
});

describe('runLengthPosterior', () => {
  it('is a distribution over the number of recent observations sharing one level', () => {
    const p = runLengthPosterior([15, 14, 16, 15, 15, 16, 7, 8, 7]);
    expect(p).toHaveLength(10);
    expect(p[0]).toBe(0);
    expect([...p].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // The last three are clearly a level of their own.
    const best = [...p].indexOf(Math.max(...p));
    expect(best).toBe(3);
  });
});
