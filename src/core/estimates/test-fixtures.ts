// Fixtures for the estimates' unit tests: completion histories from known processes (not used by the product).
import { dayToIso, isoToDay, type IsoDate } from '../dates';
import { WorkingCalendar } from '../working-days';
import type { RandomSource } from './random';
import type { DatedCount } from './throughput';

export const weekdaysCalendar = new WorkingCalendar({ workingDays: [1, 2, 3, 4, 5], holidays: [] });

/** Poisson draw (Knuth; small means). */
export function poisson(random: RandomSource, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k += 1;
    p *= random();
  }
  return k;
}

/**
 * Completions on the `days` working days before `today` (oldest first), each from `countOf(i, weekday)` where i
 * counts working days from the oldest.
 */
export function history(calendar: WorkingCalendar, today: IsoDate, days: number, countOf: (i: number, weekday: number) => number): DatedCount[] {
  const dates: number[] = [];
  for (let day = isoToDay(today) - 1; dates.length < days; day -= 1) if (calendar.isWorkingDayNumber(day)) dates.push(day);
  dates.reverse();
  return dates.map((day, i) => ({ date: dayToIso(day), count: countOf(i, (((day + 4) % 7) + 7) % 7) }));
}
