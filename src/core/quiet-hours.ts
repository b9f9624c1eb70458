import { addCalendarDays, formatIsoDate, isoToDay, type IsoDate } from './dates';

// Quiet hours in the business's time zone (issue 19): a message due inside them is held until they end. Texts use
// the same rule with the fixed window 21:00-08:00 (D10: only between 8:00 and 21:00).

export interface DailyWindow {
  /** 'HH:MM', 24-hour, local time. */
  start: string;
  end: string;
}

/** When texts may not go out (D10). */
export const SMS_QUIET_WINDOW: DailyWindow = { start: '21:00', end: '08:00' };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    partFormatters.set(timeZone, f);
  }
  return f;
}

/** The local date and wall-clock time of an instant in a zone. */
export function zonedTime(ms: number, timeZone: string): { date: IsoDate; minutes: number; seconds: number } {
  const p: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { date: formatIsoDate(p.year!, p.month!, p.day!), minutes: p.hour! * 60 + p.minute!, seconds: p.second! };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetMs(ms: number, timeZone: string): number {
  const { date, minutes, seconds } = zonedTime(ms, timeZone);
  const asUtc = isoToDay(date) * 86_400_000 + minutes * 60_000 + seconds * 1000;
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a local date and time happen in a zone. A time skipped by a clock change (02:30 on the spring-forward
 * night) is taken as the same time after the change.
 */
export function instantAt(date: IsoDate, minutes: number, timeZone: string): number {
  const wall = isoToDay(date) * 86_400_000 + minutes * 60_000;
  const first = wall - offsetMs(wall, timeZone);
  const second = wall - offsetMs(first, timeZone);
  const matches = (ms: number) => {
    const t = zonedTime(ms, timeZone);
    return t.date === date && t.minutes === minutes;
  };
  if (matches(second)) return second;
  if (matches(first)) return first;
  return Math.max(first, second); // in a gap: the same time after the change

}

/**
 * When a window that holds messages ends, if `nowMs` falls inside it, else null. The window may cross midnight
 * (20:00-08:00): it then holds from its start in the evening to its end the next morning.
 */
export function heldUntil(nowMs: number, timeZone: string, window: DailyWindow): number | null {
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (start === end) return null;
  const { date, minutes } = zonedTime(nowMs, timeZone);
  if (start < end) return minutes >= start && minutes < end ? instantAt(date, end, timeZone) : null;
  if (minutes >= start) return instantAt(addCalendarDays(date, 1), end, timeZone);
  if (minutes < end) return instantAt(date, end, timeZone);
  return null;
}

/** The instant the local day of `nowMs` began in the zone (for "at most once a day"). */
export function startOfLocalDay(nowMs: number, timeZone: string): number {
  return instantAt(zonedTime(nowMs, timeZone).date, 0, timeZone);
}
