import { dayToIso, isoToDay, tryIsoToDay, weekdayOfDay, type IsoDate } from './dates';

// Working-day calendar (decisions D4): working weekdays (0 Sunday ... 6 Saturday) and holidays.
// Adding N working days jumps whole weeks and finds how many holidays fall before the answer by binary
// search, so each call costs O(log holidays) whatever N is.

export interface CalendarRules {
  /** Working weekdays, 0 Sunday ... 6 Saturday. At least one. */
  workingDays: readonly number[];
  /** Holidays as 'YYYY-MM-DD'. Entries that are not real dates are ignored; order and repeats do not matter. */
  holidays: readonly string[];
}

/** A calendar built once from the rules and reused for many questions. */
export class WorkingCalendar {
  /** True at index w when weekday w is a working weekday. */
  private readonly isWorkingWeekday: boolean[];
  /** Working weekdays per week. */
  private readonly perWeek: number;
  /** countAfter[s][r]: working weekdays among the r days after a day of weekday s (r = 0..7). */
  private readonly countAfter: number[][];
  /** offsetOf[s][k]: days from a day of weekday s to the k-th working weekday after it (k = 1..perWeek). */
  private readonly offsetOf: number[][];
  /** Holidays that fall on working weekdays, as sorted unique day numbers. */
  private readonly holidayDays: Float64Array;

  constructor(rules: CalendarRules) {
    this.isWorkingWeekday = Array.from({ length: 7 }, (_, w) => rules.workingDays.includes(w));
    this.perWeek = this.isWorkingWeekday.filter(Boolean).length;
    if (this.perWeek === 0) throw new RangeError('A working calendar needs at least one working day');
    this.countAfter = [];
    this.offsetOf = [];
    for (let s = 0; s < 7; s += 1) {
      const counts = [0];
      const offsets = [0];
      for (let r = 1; r <= 7; r += 1) {
        const working = this.isWorkingWeekday[(s + r) % 7] === true;
        counts.push((counts[r - 1] ?? 0) + (working ? 1 : 0));
        if (working) offsets.push(r);
      }
      this.countAfter.push(counts);
      this.offsetOf.push(offsets);
    }
    const days = new Set<number>();
    for (const h of rules.holidays) {
      const day = tryIsoToDay(h);
      if (day !== null && this.isWorkingWeekday[weekdayOfDay(day)] === true) days.add(day);
    }
    this.holidayDays = Float64Array.from(days).sort();
  }

  /** Working weekdays in a week (1-7). */
  get workingDaysPerWeek(): number {
    return this.perWeek;
  }

  /** True when the day number falls on a working weekday (holiday or not). */
  isWorkingWeekdayNumber(day: number): boolean {
    return this.isWorkingWeekday[weekdayOfDay(day)] === true;
  }

  /** True when the day number is a working weekday and not a holiday. */
  isWorkingDayNumber(day: number): boolean {
    return this.isWorkingWeekday[weekdayOfDay(day)] === true && !this.isHolidayDay(day);
  }

  /** True when the date is a working weekday and not a holiday. */
  isWorkingDay(date: IsoDate): boolean {
    return this.isWorkingDayNumber(isoToDay(date));
  }

  /** The N-th working day after `start` (a day number); N = 0 gives `start` itself. N must be a whole number >= 0. */
  addWorkingDaysToDay(start: number, n: number): number {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`Working days to add must be a whole number >= 0, got ${n}`);
    if (n === 0) return start;
    const hol = this.holidayDays;
    // Holiday i (after start) lies before the answer iff fewer than n non-holiday working days precede it:
    // weekdaysUpTo(hol[i]) - (i - first) <= n. That quantity grows with i, so binary search finds the count.
    const first = upperBound(hol, start);
    let lo = first;
    let hi = hol.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.weekdaysBetween(start, hol[mid] as number) - (mid - first) <= n) lo = mid + 1;
      else hi = mid;
    }
    return this.addWeekdays(start, n + (lo - first));
  }

  /** The N-th working day after the date (D4: "adding N working days to today means the Nth working day after today"). */
  addWorkingDays(date: IsoDate, n: number): IsoDate {
    return dayToIso(this.addWorkingDaysToDay(isoToDay(date), n));
  }

  /** Working days in (from, to]: after `from`, up to and including `to`; negative when `to` is before `from`. */
  countWorkingDays(from: IsoDate, to: IsoDate): number {
    const a = isoToDay(from);
    const b = isoToDay(to);
    if (b < a) return -this.countWorkingDayNumbers(b, a);
    return this.countWorkingDayNumbers(a, b);
  }

  /** The date itself when it is a working day, else the next working day. */
  nextWorkingDayOnOrAfter(date: IsoDate): IsoDate {
    const day = isoToDay(date);
    return this.isWorkingDayNumber(day) ? date : dayToIso(this.addWorkingDaysToDay(day, 1));
  }

  private countWorkingDayNumbers(a: number, b: number): number {
    return this.weekdaysBetween(a, b) - (upperBound(this.holidayDays, b) - upperBound(this.holidayDays, a));
  }

  /** Working weekdays (holidays not removed) in (a, b], for b >= a. */
  private weekdaysBetween(a: number, b: number): number {
    const diff = b - a;
    const weeks = Math.floor(diff / 7);
    return weeks * this.perWeek + (this.countAfter[weekdayOfDay(a)]?.[diff - weeks * 7] ?? 0);
  }

  /** The m-th working weekday (holidays ignored) after day a, m >= 1. */
  private addWeekdays(a: number, m: number): number {
    const weeks = Math.floor((m - 1) / this.perWeek);
    const rest = m - weeks * this.perWeek;
    return a + weeks * 7 + (this.offsetOf[weekdayOfDay(a)]?.[rest] ?? 0);
  }

  private isHolidayDay(day: number): boolean {
    const i = upperBound(this.holidayDays, day) - 1;
    return i >= 0 && this.holidayDays[i] === day;
  }
}

/** Index of the first element greater than x in a sorted array. */
function upperBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A working calendar for the rules (throws RangeError when no weekday is a working day). */
export function createWorkingCalendar(rules: CalendarRules): WorkingCalendar {
  return new WorkingCalendar(rules);
}

/** One-off: the N-th working day after the date under the rules. Build a calendar for repeated use. */
export function addWorkingDays(date: IsoDate, n: number, rules: CalendarRules): IsoDate {
  return new WorkingCalendar(rules).addWorkingDays(date, n);
}
