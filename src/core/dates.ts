// Civil dates as 'YYYY-MM-DD' strings and as day numbers (days since 1970-01-01), plus "today" in a time zone.
// Day numbers make date arithmetic integer arithmetic; no Date objects are created on the hot paths.

/** A calendar date written 'YYYY-MM-DD'. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a leap year of the proleptic Gregorian calendar. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in the month (1-12) of the year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** True when year, month (1-12) and day form a real date. */
export function isValidYmd(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day) &&
    year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  );
}

/** Day number of a date given as parts (Howard Hinnant's days_from_civil). */
export function ymdToDay(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Year, month (1-12) and day of a day number (Howard Hinnant's civil_from_days). */
export function dayToYmd(dayNumber: number): [year: number, month: number, day: number] {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** 'YYYY-MM-DD' of year, month and day. */
export function formatIsoDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** True when the text is a real date written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  return m !== null && isValidYmd(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Day number of an ISO date, or null when the text is not a real 'YYYY-MM-DD' date. */
export function tryIsoToDay(value: string): number | null {
  const m = ISO_DATE.exec(value);
  if (m === null) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return isValidYmd(y, mo, d) ? ymdToDay(y, mo, d) : null;
}

/** Day number of an ISO date; throws RangeError when the text is not a real 'YYYY-MM-DD' date. */
export function isoToDay(value: IsoDate): number {
  const day = tryIsoToDay(value);
  if (day === null) throw new RangeError(`Not a date in the form YYYY-MM-DD: ${JSON.stringify(value)}`);
  return day;
}

/** ISO date of a day number. */
export function dayToIso(dayNumber: number): IsoDate {
  const [y, m, d] = dayToYmd(dayNumber);
  return formatIsoDate(y, m, d);
}

/** Weekday of a day number: 0 Sunday ... 6 Saturday. */
export function weekdayOfDay(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/** Weekday of an ISO date: 0 Sunday ... 6 Saturday. */
export function weekdayOf(date: IsoDate): number {
  return weekdayOfDay(isoToDay(date));
}

/** The date n calendar days later (n may be negative). */
export function addCalendarDays(date: IsoDate, n: number): IsoDate {
  return dayToIso(isoToDay(date) + n);
}

/** Calendar days from a to b (b - a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return isoToDay(b) - isoToDay(a);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The calendar date at instant `now` in the IANA time zone (D8: "today" is in the business's zone).
 * Throws RangeError for an unknown zone.
 */
export function todayInTimeZone(timeZone: string, now: Date | number): IsoDate {
  const parts = formatterFor(timeZone).formatToParts(typeof now === 'number' ? new Date(now) : now);
  let y = 0;
  let m = 0;
  let d = 0;
  for (const p of parts) {
    if (p.type === 'year') y = Number(p.value);
    else if (p.type === 'month') m = Number(p.value);
    else if (p.type === 'day') d = Number(p.value);
  }
  return formatIsoDate(y, m, d);
}
