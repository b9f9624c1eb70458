import { describe, expect, it } from 'vitest';
import { heldUntil, instantAt, SMS_QUIET_WINDOW, startOfLocalDay, zonedTime } from './quiet-hours';

const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);

describe('zoned time', () => {
  it('reads the local date and time', () => {
    expect(zonedTime(at('2026-03-02T02:30:00Z'), NY)).toEqual({ date: '2026-03-01', minutes: 21 * 60 + 30, seconds: 0 });
  });
  it.each([
    ['2026-03-02', 8 * 60, '2026-03-02T13:00:00.000Z'],
    ['2026-07-02', 8 * 60, '2026-07-02T12:00:00.000Z'],
    // 2026-03-08: clocks go from 02:00 to 03:00 in New York; 02:30 does not exist and is read as 03:30.
    ['2026-03-08', 2 * 60 + 30, '2026-03-08T07:30:00.000Z'],
    ['2026-11-01', 8 * 60, '2026-11-01T13:00:00.000Z'],
  ])('%s at minute %i is %s', (date, minutes, iso) => {
    expect(new Date(instantAt(date, minutes, NY)).toISOString()).toBe(iso);
  });
});

describe('held until', () => {
  const quiet = { start: '20:00', end: '08:00' };
  it.each([
    ['18:30 local is outside', '2026-03-02T23:30:00Z', null],
    ['20:00 local starts them: held to 08:00 the next day', '2026-03-03T01:00:00Z', '2026-03-03T13:00:00.000Z'],
    ['23:59 local', '2026-03-03T04:59:00Z', '2026-03-03T13:00:00.000Z'],
    ['03:00 local: held to 08:00 the same day', '2026-03-03T08:00:00Z', '2026-03-03T13:00:00.000Z'],
    ['08:00 local ends them', '2026-03-03T13:00:00Z', null],
  ])('%s', (_label, now, until) => {
    const result = heldUntil(at(now), NY, quiet);
    expect(result === null ? null : new Date(result).toISOString()).toBe(until);
  });

  it('a window within one day (12:00-13:00)', () => {
    expect(new Date(heldUntil(at('2026-03-02T17:30:00Z'), NY, { start: '12:00', end: '13:00' })!).toISOString()).toBe('2026-03-02T18:00:00.000Z');
    expect(heldUntil(at('2026-03-02T18:00:00Z'), NY, { start: '12:00', end: '13:00' })).toBeNull();
  });

  it('texts only between 8:00 and 21:00', () => {
    expect(heldUntil(at('2026-03-02T13:00:00Z'), NY, SMS_QUIET_WINDOW)).toBeNull(); // 08:00
    expect(heldUntil(at('2026-03-03T01:59:00Z'), NY, SMS_QUIET_WINDOW)).toBeNull(); // 20:59
    expect(new Date(heldUntil(at('2026-03-03T02:00:00Z'), NY, SMS_QUIET_WINDOW)!).toISOString()).toBe('2026-03-03T13:00:00.000Z'); // 21:00
  });

  it('over the autumn clock change the end is 08:00 local', () => {
    expect(new Date(heldUntil(at('2026-11-01T01:00:00Z'), NY, quiet)!).toISOString()).toBe('2026-11-01T13:00:00.000Z');
  });

  it('the start of the local day', () => {
    expect(new Date(startOfLocalDay(at('2026-03-03T03:00:00Z'), NY)).toISOString()).toBe('2026-03-02T05:00:00.000Z');
  });
});
