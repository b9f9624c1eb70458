import { describe, expect, it } from 'vitest';
import { browserTimeZone, formatDate, formatDateTime, formatDay } from './date-time';

// Times in the business app are the business's (decisions D8), whatever the browser's zone.
describe('dates and times in the business’s time zone', () => {
  const instant = '2026-11-20T03:30:00Z';

  it('gives the date as it is in the business’s zone', () => {
    const day = (zone: string) => new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone: zone }).format(new Date(instant));
    expect(day('America/New_York')).toBe('19');
    expect(day('Asia/Tokyo')).toBe('20');
    expect(formatDate(instant, 'America/New_York')).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'America/New_York' }).format(new Date(instant)));
    expect(formatDate(instant, 'Asia/Tokyo')).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'Asia/Tokyo' }).format(new Date(instant)));
    expect(formatDate(instant, 'America/New_York')).not.toBe(formatDate(instant, 'Asia/Tokyo'));
    expect(formatDate(instant, 'America/New_York', 'long')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'America/New_York' }).format(new Date(instant)),
    );
  });

  it('gives the time in the business’s zone, named when the browser is elsewhere', () => {
    const elsewhere = browserTimeZone() === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';
    const text = formatDateTime(instant, elsewhere);
    const plain = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: elsewhere }).format(new Date(instant));
    expect(text.startsWith(plain)).toBe(true);
    expect(text.length).toBeGreaterThan(plain.length);
    // In the browser's own zone, no zone name.
    expect(formatDateTime(instant, browserTimeZone())).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant)));
    // Nor for another name of a zone that shows the same time (UTC and Etc/UTC, say) when the browser is in it.
    if (browserTimeZone() === 'UTC') expect(formatDateTime(instant, 'Etc/UTC')).toBe(formatDateTime(instant, 'UTC'));
  });

  it('gives a calendar day as that day in any zone', () => {
    expect(formatDay('2026-12-10')).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 11, 10))));
    expect(formatDay('someday')).toBe('someday');
  });

  it('says nothing for a value that is not a time, and falls back to the browser for an unknown zone', () => {
    expect(formatDate('', 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
    expect(formatDate(instant, 'Not/AZone')).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(instant)));
  });
});
