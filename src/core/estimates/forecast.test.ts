import { describe, expect, it } from 'vitest';
import { dayToIso, isoToDay, weekdayOf } from '../dates';
import { WorkingCalendar } from '../working-days';
import { forecastThroughput, MAX_FORECAST_DAYS } from './forecast';
import { seededRandom } from './random';
import { learnResiduals } from './residuals';
import { history, poisson, weekdaysCalendar } from './test-fixtures';
import { throughputWindow } from './throughput';

const today = '2026-03-02'; // a Monday

function forecastFrom(countOf: (i: number, weekday: number) => number, options: { seed?: number; maxPosition?: number; calendar?: WorkingCalendar; completedToday?: number; runs?: number } = {}) {
  const calendar = options.calendar ?? weekdaysCalendar;
  const series = throughputWindow(history(calendar, today, 60, countOf), calendar, today);
  return forecastThroughput(series, calendar, today, {
    random: seededRandom(options.seed ?? 1),
    maxPosition: options.maxPosition ?? 100,
    completedToday: options.completedToday ?? 0,
    runs: options.runs ?? 2000,
  });
}

const dateOf = (forecast: ReturnType<typeof forecastFrom>, index: number) => dayToIso(forecast.dayOf(index));

describe('forecastThroughput', () => {
  it('is reproducible: the same seed gives the same ranges', () => {
    const random = seededRandom(9);
    const counts = Array.from({ length: 60 }, () => poisson(random, 3));
    const a = forecastFrom((i) => counts[i] as number, { seed: 5 });
    const b = forecastFrom((i) => counts[i] as number, { seed: 5 });
    expect(a.allPositionDays(100)).toEqual(b.allPositionDays(100));
  });

  it('with exactly 3 completions every working day, position k is done on day ceil(k / 3) at every level', () => {
    const forecast = forecastFrom(() => 3);
    for (const k of [1, 3, 4, 30, 31, 100]) expect(forecast.positionDays(k)).toEqual({ low: Math.ceil(k / 3), likely: Math.ceil(k / 3), high: Math.ceil(k / 3) });
    expect(forecast.learned).toMatchObject({ days: 60, completions: 180 });
    expect(forecast.learned.perDay).toBeCloseTo(3, 9);
  });

  it('starts today on a working day, and counts what was done today already', () => {
    const forecast = forecastFrom(() => 3, { completedToday: 2 });
    expect(dateOf(forecast, 1)).toBe(today);
    expect(forecast.positionDays(1).likely).toBe(1);
    expect(forecast.positionDays(2).likely).toBe(2); // today has one completion left
  });

  it('skips holidays and weekends in the dates', () => {
    const calendar = new WorkingCalendar({ workingDays: [1, 2, 3, 4, 5], holidays: ['2026-03-03'] });
    const forecast = forecastFrom(() => 1, { calendar });
    expect([1, 2, 3, 4, 5].map((i) => dateOf(forecast, i))).toEqual(['2026-03-02', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09']);
  });

  it('keeps a weekly rhythm: a team that completes only on Fridays is expected on Fridays', () => {
    const forecast = forecastFrom((_i, weekday) => (weekday === 5 ? 10 : 0));
    for (const k of [1, 10, 11, 35]) {
      const days = forecast.positionDays(k);
      for (const index of [days.low, days.likely, days.high]) expect(weekdayOf(dateOf(forecast, index))).toBe(5);
    }
    expect(forecast.positionDays(11).likely).toBe(10); // the second Friday
  });

  it('ranges are ordered and grow with the position', () => {
    const random = seededRandom(3);
    const counts = Array.from({ length: 60 }, () => poisson(random, 3));
    const forecast = forecastFrom((i) => counts[i] as number);
    const all = forecast.allPositionDays(300);
    let lastLikely = 0;
    for (let k = 1; k <= 300; k += 1) {
      expect(all.low[k]!).toBeLessThanOrEqual(all.likely[k]!);
      expect(all.likely[k]!).toBeLessThanOrEqual(all.high[k]!);
      expect(all.likely[k]!).toBeGreaterThanOrEqual(lastLikely);
      lastLikely = all.likely[k]!;
      expect(forecast.positionDays(k)).toEqual({ low: all.low[k], likely: all.likely[k], high: all.high[k] });
    }
    expect(all.high[300]! - all.low[300]!).toBeGreaterThan(all.high[10]! - all.low[10]!);
  });

  it('places positions beyond the simulated year at each level\'s pace', () => {
    const random = seededRandom(4);
    const counts = Array.from({ length: 60 }, () => poisson(random, 2));
    const forecast = forecastFrom((i) => counts[i] as number, { maxPosition: 5000 });
    const far = forecast.positionDays(5000);
    expect(far.likely).toBeGreaterThan(2000);
    expect(far.likely).toBeLessThan(3000);
    expect(far.low).toBeLessThan(far.likely);
    expect(far.high).toBeGreaterThan(far.likely);
    expect(far.high).toBeLessThanOrEqual(MAX_FORECAST_DAYS);
    expect(isoToDay(dateOf(forecast, far.likely))).toBeGreaterThan(isoToDay(today));
  });

  it('covers about 80 % of real outcomes of a steady process (10th to 90th percentile)', () => {
    const random = seededRandom(12);
    let inside = 0;
    let late = 0;
    let trials = 0;
    for (let trial = 0; trial < 60; trial += 1) {
      const past = Array.from({ length: 60 }, () => poisson(random, 3));
      const forecast = forecastFrom((i) => past[i] as number, { seed: trial, runs: 1000 });
      let done = 0;
      const future = Array.from({ length: 80 }, () => (done += poisson(random, 3)));
      for (const k of [5, 20, 60, 120]) {
        const actual = future.findIndex((reached) => reached >= k) + 1;
        const days = forecast.positionDays(k);
        trials += 1;
        if (actual >= days.low && actual <= days.high) inside += 1;
        if (actual > days.high) late += 1;
      }
    }
    expect(inside / trials).toBeGreaterThan(0.7);
    expect(inside / trials).toBeLessThan(0.9);
    expect(late / trials).toBeLessThan(0.17);
  });

  it('learns from the recent weeks after the pace halves', () => {
    const random = seededRandom(5);
    const counts = Array.from({ length: 60 }, (_, i) => poisson(random, i >= 35 ? 1.5 : 3));
    const forecast = forecastFrom((i) => counts[i] as number);
    expect(forecast.learned.change.changed).toBeGreaterThan(0.6);
    expect(forecast.learned.perDay).toBeLessThan(2.3);
    expect(forecast.positionDays(30).likely).toBeGreaterThanOrEqual(17);
  });

  it('moves positions by the residuals: clients passed by others are done later', () => {
    const observations = Array.from({ length: 200 }, (_, i) => ({ day: i % 40, position: 10, completedDay: null as number | null }));
    // Each was done on the day holding completions 13 and 14 after its morning: at least 3 others went first.
    const counts = new Array<number>(60).fill(2);
    observations.forEach((o) => (o.completedDay = o.day + 6));
    const residuals = learnResiduals(observations, counts);
    expect(new Set(residuals?.bands.flatMap((b) => [...b.values]))).toEqual(new Set([3]));
    const calendar = weekdaysCalendar;
    const series = throughputWindow(history(calendar, today, 60, () => 2), calendar, today);
    const plain = forecastThroughput(series, calendar, today, { random: seededRandom(1), maxPosition: 20, runs: 500 });
    const moved = forecastThroughput(series, calendar, today, { random: seededRandom(1), maxPosition: 20, runs: 500, residuals });
    expect(plain.positionDays(10).likely).toBe(5);
    expect(moved.positionDays(10).likely).toBe(7);
  });

  it('refuses a window without completions (the caller shows the settings instead)', () => {
    expect(() => forecastFrom(() => 0)).toThrow(RangeError);
  });
});
