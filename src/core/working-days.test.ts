import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayToIso, isoToDay, weekdayOfDay } from './dates';
import { addWorkingDays, createWorkingCalendar, type CalendarRules } from './working-days';

const weekdays: CalendarRules = { workingDays: [1, 2, 3, 4, 5], holidays: [] };

/** Reference: walk day by day. */
function naiveAdd(start: string, n: number, rules: CalendarRules): string {
  const holidays = new Set(rules.holidays);
  let day = isoToDay(start);
  let left = n;
  while (left > 0) {
    day += 1;
    if (rules.workingDays.includes(weekdayOfDay(day)) && !holidays.has(dayToIso(day))) left -= 1;
  }
  return dayToIso(day);
}

function naiveCount(from: string, to: string, rules: CalendarRules): number {
  const holidays = new Set(rules.holidays);
  let count = 0;
  for (let day = isoToDay(from) + 1; day <= isoToDay(to); day += 1) {
    if (rules.workingDays.includes(weekdayOfDay(day)) && !holidays.has(dayToIso(day))) count += 1;
  }
  return count;
}

describe('addWorkingDays', () => {
  // 2026-01-05 is a Monday; 2026-01-10 a Saturday.
  it.each<[string, string, number, CalendarRules, string]>([
    ['zero days is the start', '2026-01-05', 0, weekdays, '2026-01-05'],
    ['zero days from a Saturday stays', '2026-01-10', 0, weekdays, '2026-01-10'],
    ['next day', '2026-01-05', 1, weekdays, '2026-01-06'],
    ['Friday + 1 is Monday', '2026-01-09', 1, weekdays, '2026-01-12'],
    ['Saturday + 1 is Monday', '2026-01-10', 1, weekdays, '2026-01-12'],
    ['Sunday + 1 is Monday', '2026-01-11', 1, weekdays, '2026-01-12'],
    ['one week', '2026-01-05', 5, weekdays, '2026-01-12'],
    ['D4 example: 13 days', '2026-01-05', 13, weekdays, '2026-01-22'],
    ['holiday tomorrow', '2026-01-05', 1, { workingDays: [1, 2, 3, 4, 5], holidays: ['2026-01-06'] }, '2026-01-07'],
    ['holiday on the start day does not count', '2026-01-05', 1, { workingDays: [1, 2, 3, 4, 5], holidays: ['2026-01-05'] }, '2026-01-06'],
    ['holiday on a weekend changes nothing', '2026-01-09', 1, { workingDays: [1, 2, 3, 4, 5], holidays: ['2026-01-10', '2026-01-11'] }, '2026-01-12'],
    [
      'holidays skip a whole week',
      '2026-01-09',
      1,
      { workingDays: [1, 2, 3, 4, 5], holidays: ['2026-01-12', '2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16'] },
      '2026-01-19',
    ],
    [
      'holidays skip two weeks, given unsorted with repeats',
      '2026-01-09',
      2,
      {
        workingDays: [1, 2, 3, 4, 5],
        holidays: ['2026-01-23', '2026-01-12', '2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16', '2026-01-19', '2026-01-20', '2026-01-21', '2026-01-22', '2026-01-12'],
      },
      '2026-01-27',
    ],
    ['holiday after the answer is ignored', '2026-01-05', 2, { workingDays: [1, 2, 3, 4, 5], holidays: ['2026-01-08'] }, '2026-01-07'],
    ['holiday exactly on the answer', '2026-01-05', 2, { workingDays: [1, 2, 3, 4, 5], holidays: ['2026-01-07'] }, '2026-01-08'],
    ['holidays before the start are ignored', '2026-01-05', 1, { workingDays: [1, 2, 3, 4, 5], holidays: ['2025-12-25'] }, '2026-01-06'],
    ['unreadable holidays are ignored', '2026-01-05', 1, { workingDays: [1, 2, 3, 4, 5], holidays: ['nope', '2026-02-30'] }, '2026-01-06'],
    ['six-day week', '2026-01-09', 1, { workingDays: [1, 2, 3, 4, 5, 6], holidays: [] }, '2026-01-10'],
    ['every day', '2026-01-09', 3, { workingDays: [0, 1, 2, 3, 4, 5, 6], holidays: [] }, '2026-01-12'],
    ['Sundays only', '2026-01-05', 2, { workingDays: [0], holidays: [] }, '2026-01-18'],
    ['Sundays only, one a holiday', '2026-01-05', 2, { workingDays: [0], holidays: ['2026-01-11'] }, '2026-01-25'],
    ['across a leap day', '2024-02-28', 2, weekdays, '2024-03-01'],
    ['across a year', '2026-12-31', 1, { workingDays: [1, 2, 3, 4, 5], holidays: ['2027-01-01'] }, '2027-01-04'],
    ['far ahead', '2026-01-05', 5000, weekdays, dayToIso(isoToDay('2026-01-05') + 7000)],
  ])('%s', (_name, start, n, rules, expected) => {
    expect(addWorkingDays(start, n, rules)).toBe(expected);
    expect(naiveAdd(start, n, rules)).toBe(expected);
  });

  it('rejects negative or fractional counts and calendars without working days', () => {
    const calendar = createWorkingCalendar(weekdays);
    expect(() => calendar.addWorkingDays('2026-01-05', -1)).toThrow(RangeError);
    expect(() => calendar.addWorkingDays('2026-01-05', 1.5)).toThrow(RangeError);
    expect(() => createWorkingCalendar({ workingDays: [], holidays: [] })).toThrow(RangeError);
  });

  it('5000 working days with 300 holidays matches the day-by-day walk', () => {
    const holidays: string[] = [];
    for (let i = 0; i < 300; i += 1) holidays.push(dayToIso(isoToDay('2026-01-01') + ((i * 37) % 7000)));
    const rules = { workingDays: [1, 2, 3, 4, 5], holidays };
    expect(addWorkingDays('2026-01-05', 5000, rules)).toBe(naiveAdd('2026-01-05', 5000, rules));
  });
});

describe('other calendar questions', () => {
  const rules = { workingDays: [1, 2, 3, 4, 5], holidays: ['2026-01-06'] };
  const calendar = createWorkingCalendar(rules);

  it.each([
    ['2026-01-05', true],
    ['2026-01-06', false],
    ['2026-01-10', false],
  ])('isWorkingDay(%s) = %s', (date, expected) => {
    expect(calendar.isWorkingDay(date)).toBe(expected);
  });

  it.each([
    ['2026-01-05', '2026-01-05', 0],
    ['2026-01-05', '2026-01-07', 1],
    ['2026-01-05', '2026-01-12', 4],
    ['2026-01-12', '2026-01-05', -4],
  ])('countWorkingDays(%s, %s) = %i', (from, to, expected) => {
    expect(calendar.countWorkingDays(from, to)).toBe(expected);
  });

  it.each([
    ['2026-01-05', '2026-01-05'],
    ['2026-01-06', '2026-01-07'],
    ['2026-01-10', '2026-01-12'],
  ])('nextWorkingDayOnOrAfter(%s) = %s', (date, expected) => {
    expect(calendar.nextWorkingDayOnOrAfter(date)).toBe(expected);
  });
});

describe('properties', () => {
  const base = isoToDay('2025-01-01');
  const rulesArb = fc.record({
    workingDays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    holidays: fc.array(fc.integer({ min: 0, max: 1500 }).map((d) => dayToIso(base + d)), { maxLength: 200 }),
  });
  const startArb = fc.integer({ min: 0, max: 800 }).map((d) => dayToIso(base + d));

  it('never lands on a non-working day or holiday, and equals the day-by-day walk', () => {
    fc.assert(
      fc.property(rulesArb, startArb, fc.integer({ min: 1, max: 400 }), (rules, start, n) => {
        const result = addWorkingDays(start, n, rules);
        expect(rules.workingDays).toContain(weekdayOfDay(isoToDay(result)));
        expect(rules.holidays).not.toContain(result);
        expect(result > start).toBe(true);
        expect(result).toBe(naiveAdd(start, n, rules));
      }),
      { numRuns: 300 },
    );
  });

  it('counting and adding agree', () => {
    fc.assert(
      fc.property(rulesArb, startArb, fc.integer({ min: 0, max: 300 }), (rules, start, n) => {
        const calendar = createWorkingCalendar(rules);
        const result = calendar.addWorkingDays(start, n);
        expect(calendar.countWorkingDays(start, result)).toBe(n);
        expect(calendar.countWorkingDays(start, result)).toBe(naiveCount(start, result, rules));
      }),
      { numRuns: 200 },
    );
  });

  it('adding m then n equals adding m + n', () => {
    fc.assert(
      fc.property(rulesArb, startArb, fc.nat(200), fc.nat(200), (rules, start, m, n) => {
        const calendar = createWorkingCalendar(rules);
        const oneGo = calendar.addWorkingDays(start, m + n);
        const mid = calendar.addWorkingDays(start, m);
        expect(calendar.addWorkingDays(mid, n)).toBe(oneGo);
      }),
      { numRuns: 200 },
    );
  });
});
