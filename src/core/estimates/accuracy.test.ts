import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from '../working-days';
import { estimateAccuracy, scoreShown, shownBefore, STALE_SHOWN_DAYS, type CompletedWithShown } from './accuracy';

const calendar = new WorkingCalendar({ workingDays: [1, 2, 3, 4, 5], holidays: [] });

describe('scoreShown', () => {
  it.each([
    ['inside', '2026-03-10', { inRange: true, late: false, early: false, errorDays: 0 }],
    ['on the high end', '2026-03-13', { inRange: true, late: false, early: false, errorDays: 3 }],
    ['after the range', '2026-03-16', { inRange: false, late: true, early: false, errorDays: 4 }],
    ['before the range', '2026-03-05', { inRange: false, late: false, early: true, errorDays: -3 }],
  ])('%s', (_name, completedOn, expected) => {
    expect(scoreShown({ low: '2026-03-09', likely: '2026-03-10', high: '2026-03-13' }, completedOn, calendar)).toEqual(expected);
  });
});

describe('shownBefore', () => {
  const client: CompletedWithShown = {
    completedOn: '2026-03-31',
    shown: [
      { shownOn: '2026-02-20', likely: '2026-03-20', low: '2026-03-18', high: '2026-03-27' },
      { shownOn: '2026-03-01', likely: '2026-03-25', low: '2026-03-20', high: '2026-04-02' },
      { shownOn: '2026-03-17', likely: '2026-03-30', low: '2026-03-27', high: '2026-04-03' },
      { shownOn: '2026-03-24', likely: '2026-03-31', low: '2026-03-30', high: '2026-04-02' },
    ],
  };
  it.each([
    [30, '2026-03-01'],
    [14, '2026-03-17'],
    [7, '2026-03-24'],
  ])('%i days before: the one shown on %s', (lead, shownOn) => {
    expect(shownBefore(client, lead)?.shownOn).toBe(shownOn);
  });
  it('none when the last one by then is more than a week older', () => {
    expect(shownBefore({ ...client, shown: client.shown.slice(0, 1) }, 30)).toBeNull();
    expect(STALE_SHOWN_DAYS).toBe(7);
  });
});

describe('estimateAccuracy', () => {
  it('gives, per lead, the share inside the range, late and early, and the median error', () => {
    const make = (shownOn: string, completedOn: string): CompletedWithShown => ({ completedOn, shown: [{ shownOn, likely: '2026-03-10', low: '2026-03-09', high: '2026-03-12' }] });
    const completed = [
      make('2026-03-02', '2026-03-10'), // inside, error 0
      make('2026-03-02', '2026-03-12'), // inside, error 2
      make('2026-03-06', '2026-03-16'), // late, error 4
      make('2026-03-02', '2026-04-30'), // shown too long before: not counted
    ];
    const [thirty, , seven] = estimateAccuracy(completed, calendar);
    expect(thirty).toEqual({ leadDays: 30, clients: 0, inRange: null, late: null, early: null, medianErrorDays: null });
    expect(seven).toEqual({ leadDays: 7, clients: 3, inRange: 2 / 3, late: 1 / 3, early: 0, medianErrorDays: 2 });
  });
});
