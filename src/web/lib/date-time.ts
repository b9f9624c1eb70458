// Dates and times in the business app are shown in the business's time zone (decisions D8), not the browser's:
// an owner travelling, or a colleague elsewhere, sees the office's times. When the browser's clock would show
// another time, a time carries the zone's short name ("Dec 3, 2026, 2:05 PM EST") so it cannot be misread.

import { isValidTimeZone } from '@core/validation/auth';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${timeZone ?? ''}`;
  let f = formats.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(undefined, { ...options, timeZone });
    } catch {
      // An unknown zone name (not expected: the server checks it): the browser's zone rather than nothing.
      f = new Intl.DateTimeFormat(undefined, options);
    }
    formats.set(key, f);
  }
  return f;
}

/** The browser's time zone (the sign-up's default, D8), else UTC. */
export function browserTimeZone(): string {
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return tz && isValidTimeZone(tz) ? tz : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** 'Dec 3, 2026, 2:05 PM' in `timeZone` (the browser's when unset), with the zone's name when the browser's clock differs. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  const text = format(options, timeZone).format(date);
  // Named only when the browser's clock would show another time (not for another name of the same zone).
  const elsewhere = timeZone !== undefined && text !== format(options, undefined).format(date);
  return elsewhere ? `${text} ${zoneName(date, timeZone)}` : text;
}

/** 'Dec 3, 2026' ('December 3, 2026' with style 'long') as the day is in `timeZone`. */
export function formatDate(iso: string, timeZone?: string, style: 'medium' | 'long' = 'medium'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return format({ dateStyle: style }, timeZone).format(date);
}

/** 'EST', 'GMT+1': the zone's short name at that instant. */
function zoneName(date: Date, timeZone: string): string {
  return format({ timeZoneName: 'short' }, timeZone).formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** 'Dec 10, 2026' for a calendar day ('2026-12-10': a due date, an estimate), whatever the zone. */
export function formatDay(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return format({ dateStyle: 'medium' }, 'UTC').format(date);
}

/** A due date as the app shows it everywhere: the date read from the sheet, else its text as typed (not a date), else '—'. */
export function formatDueDate(dueDate: string | null, dueDateText: string): string {
  return dueDate ? formatDay(dueDate) : dueDateText.trim() || '—';
}
