import { describe, expect, it } from 'vitest';
import { bandOf, learnResiduals, mannWhitneyZ, MIN_BAND_RESIDUALS, type QueueObservation } from './residuals';

// A portal completing 2 clients every working day for 40 days.
const counts = new Array<number>(40).fill(2);

/** Observations of positions 1..n on mornings 0..days-1, each done `delay` completions after its place. */
function observations(days: number, n: number, residualOf: (position: number, day: number) => number, extra: Partial<QueueObservation> = {}): QueueObservation[] {
  const out: QueueObservation[] = [];
  for (let day = 0; day < days; day += 1) {
    for (let position = 1; position <= n; position += 1) {
      const nth = position + residualOf(position, day); // the nth completion after the morning
      const completedDay = day + Math.ceil(nth / 2) - 1; // 2 a day
      out.push({ day, position, completedDay: completedDay < 40 ? completedDay : null, client: `${day}-${position}`, ...extra });
    }
  }
  return out;
}

describe('learnResiduals', () => {
  it('is all zeros when clients are done in queue order', () => {
    const model = learnResiduals(observations(20, 10, () => 0), counts);
    expect(model?.bands.flatMap((b) => [...b.values]).every((v) => v === 0)).toBe(true);
  });

  it('counts the completions others made first (in completions, not days)', () => {
    // Done as the 4th completion after its place: 3 or 4 others first (which of the day's two it was is not known).
    const model = learnResiduals(observations(20, 10, () => 4), counts);
    expect(new Set(model?.bands.flatMap((b) => [...b.values]))).toEqual(new Set([3, 4]));
  });

  it('keeps a client not done yet at its smallest possible residual when that is already positive', () => {
    // Position 1 on day 30: 20 completions have happened since (days 30-39) and it is still waiting.
    const stuck: QueueObservation[] = Array.from({ length: MIN_BAND_RESIDUALS }, () => ({ day: 30, position: 1, completedDay: null }));
    const model = learnResiduals(stuck, counts);
    expect([...(model?.bands[0]?.values ?? [])]).toEqual(new Array(MIN_BAND_RESIDUALS).fill(20));
    // A client still waiting whose place has not come yet tells nothing.
    expect(learnResiduals(Array.from({ length: 50 }, () => ({ day: 39, position: 30, completedDay: null })), counts)).toBeNull();
  });

  it('leaves out clients that left without being done, and is null with too few observations', () => {
    expect(learnResiduals(observations(20, 10, () => 0, { left: true }), counts)).toBeNull();
    expect(learnResiduals(observations(1, MIN_BAND_RESIDUALS - 1, () => 0), counts)).toBeNull();
  });

  it('keeps bands by distance (position / pace), joining bands with too few residuals', () => {
    expect([0.5, 1, 2, 3, 9, 10, 11, 50].map(bandOf)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    // Positions 1..30 at 2 a day: expected days 0.5..15; the head (<= 1 day: positions 1-2) is its own band here.
    const model = learnResiduals(observations(30, 30, (p) => (p <= 2 ? 6 : 0)), counts);
    expect(model?.bands.map((b) => b.upToDay)).toEqual([1, 3, 10, Infinity]);
    expect(model?.bands[0]?.values.every((v) => v === 5 || v === 6)).toBe(true);
    expect(model?.bands[1]?.values.every((v) => v === 0)).toBe(true);
  });

  it('gives a priority class residuals of its own only where the data supports it', () => {
    // Half the clients are high priority; they are done 3 completions sooner than their place (but not before 1).
    const classed = (shift: (p: number) => number) =>
      observations(20, 12, (p) => (p % 2 === 0 ? shift(p) : 0)).map((o) => ({ ...o, priorityClass: o.position % 2 === 0 ? ('high' as const) : ('medium' as const), client: `${o.client}` }));
    const differs = learnResiduals(classed((p) => -Math.min(3, p - 1)), counts);
    expect(Object.keys(differs?.byClass ?? {})).toContain('high');
    const same = learnResiduals(classed(() => 0), counts);
    expect(same?.byClass).toEqual({});
  });
});

describe('mannWhitneyZ', () => {
  it('is about zero for the same values and large for shifted ones', () => {
    const a = Array.from({ length: 30 }, (_, i) => i);
    expect(mannWhitneyZ(a, a)).toBeCloseTo(0, 9);
    expect(mannWhitneyZ(a, a.map((v) => v + 20))).toBeLessThan(-3);
    expect(mannWhitneyZ([1, 1, 1], [1, 1, 1])).toBe(0);
  });
});
