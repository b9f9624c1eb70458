import { isoToDay, tryIsoToDay, weekdayOfDay, type IsoDate } from '../dates';
import type { WorkingCalendar } from '../working-days';

// Throughput history (issue 20 item 1, decisions D11): how many clients a portal completed on each working day of
// its calendar (the working weekdays and holidays of its workload settings; dates in the business's time zone).

/** Working days the estimate learns from (D11: the last 60 working days). */
export const THROUGHPUT_WINDOW_DAYS = 60;

/** Completions needed in the window before estimates come from history (D11: at least 20). */
export const MIN_HISTORY_COMPLETIONS = 20;

/** Completions counted on one calendar date in the business's time zone. */
export interface DatedCount {
  date: IsoDate;
  count: number;
}

/** Completions per working day, oldest first. */
export interface ThroughputSeries {
  /** Day numbers (days since 1970-01-01) of the working days. */
  days: number[];
  /** Completions on each of those working days. */
  counts: number[];
  /** Weekday of each day (0 Sunday ... 6 Saturday). */
  weekdays: number[];
}

export interface ThroughputWindowOptions {
  /** Working days in the window (default 60). */
  windowDays?: number;
  /**
   * The first date with data (e.g. the day after the portal's first import): earlier days are not zero days, they
   * are days the portal did not exist, so the window never reaches before it.
   */
  firstDate?: IsoDate | null;
}

/**
 * The working days before `today` (today excluded: it is not over) with their completions. A completion dated on a
 * day that is not a working day (a weekend, a holiday) counts on the working day before it, where the work was done.
 * Completions dated today or later, or before the window, are left out.
 */
export function throughputWindow(
  completions: readonly DatedCount[],
  calendar: WorkingCalendar,
  today: IsoDate,
  options: ThroughputWindowOptions = {},
): ThroughputSeries {
  const windowDays = options.windowDays ?? THROUGHPUT_WINDOW_DAYS;
  const todayDay = isoToDay(today);
  const firstDay = options.firstDate ? (tryIsoToDay(options.firstDate) ?? -Infinity) : -Infinity;
  const days: number[] = [];
  // Walk back over calendar days; a year without a single working day is not a calendar (rules need one weekday).
  for (let day = todayDay - 1; days.length < windowDays && day >= firstDay && todayDay - day <= 7 * windowDays + 400; day -= 1) {
    if (calendar.isWorkingDayNumber(day)) days.push(day);
  }
  days.reverse();
  const counts = new Array<number>(days.length).fill(0);
  if (days.length > 0) {
    const first = days[0] as number;
    for (const { date, count } of completions) {
      const day = tryIsoToDay(date);
      if (day === null || day >= todayDay || day < first || !(count > 0)) continue;
      const i = lastIndexAtOrBefore(days, day);
      if (i >= 0) counts[i] = (counts[i] as number) + count;
    }
  }
  return { days, counts, weekdays: days.map(weekdayOfDay) };
}

/** Index of the last element <= x in a sorted array, -1 when none (days of a window: the working day a date counts on). */
export function lastIndexAtOrBefore(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Total completions in a series. */
export function totalCompletions(series: Pick<ThroughputSeries, 'counts'>): number {
  let total = 0;
  for (const c of series.counts) total += c;
  return total;
}

/** True when the window holds enough completions for a history estimate (D11: at least 20). */
export function hasEnoughHistory(series: Pick<ThroughputSeries, 'counts'>): boolean {
  return totalCompletions(series) >= MIN_HISTORY_COMPLETIONS;
}
