import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  dayToIso,
  daysBetween,
  isIsoDate,
  isoToDay,
  todayInTimeZone,
  tryIsoToDay,
  weekdayOf,
} from './dates';

describe('ISO dates and day numbers', () => {
  it.each([
    ['1970-01-01', 0, 4],
    ['2000-02-29', 11016, 2],
    ['2026-01-05', 20458, 1],
    ['1969-12-31', -1, 3],
    ['2024-12-31', 20088, 2],
  ])('%s is day %i, weekday %i', (iso, day, weekday) => {
    expect(isoToDay(iso)).toBe(day);
    expect(dayToIso(day)).toBe(iso);
    expect(weekdayOf(iso)).toBe(weekday);
  });

  it.each([
    ['2026-02-29', false],
    ['2024-02-29', true],
    ['2026-13-01', false],
    ['2026-04-31', false],
    ['2026-1-5', false],
    ['', false],
    ['2026-01-05T00:00', false],
  ])('isIsoDate(%j) = %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
    expect(tryIsoToDay(value) !== null).toBe(expected);
  });

  it('throws on a bad date', () => {
    expect(() => isoToDay('nope')).toThrow(RangeError);
  });

  it('agrees with Date.UTC for any day', () => {
    fc.assert(
      fc.property(fc.integer({ min: -700000, max: 2900000 }), (day) => {
        const iso = dayToIso(day);
        expect(iso).toBe(new Date(day * 86400000).toISOString().slice(0, 10));
        expect(isoToDay(iso)).toBe(day);
      }),
    );
  });

  it('adds calendar days', () => {
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });
});

describe('todayInTimeZone', () => {
  it.each([
    ['UTC', Date.UTC(2026, 0, 1, 0, 30), '2026-01-01'],
    ['America/New_York', Date.UTC(2026, 0, 1, 3), '2025-12-31'],
    ['America/New_York', Date.UTC(2026, 0, 1, 6), '2026-01-01'],
    ['Pacific/Kiritimati', Date.UTC(2026, 0, 1, 11), '2026-01-02'],
    ['Asia/Kolkata', Date.UTC(2026, 5, 30, 18, 29), '2026-06-30'],
    ['Asia/Kolkata', Date.UTC(2026, 5, 30, 18, 30), '2026-07-01'],
    ['Pacific/Pago_Pago', Date.UTC(2026, 0, 1, 10), '2025-12-31'],
  ])('%s at %s is %s', (zone, now, expected) => {
    expect(todayInTimeZone(zone, now)).toBe(expected);
    expect(todayInTimeZone(zone, new Date(now))).toBe(expected);
  });

  it('rejects an unknown zone', () => {
    expect(() => todayInTimeZone('Mars/Olympus', 0)).toThrow(RangeError);
  });
});
