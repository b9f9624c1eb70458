import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from '../working-days';
import { hasEnoughHistory, MIN_HISTORY_COMPLETIONS, throughputWindow, totalCompletions } from './throughput';

// 2026-03-02 is a Monday.
const calendar = new WorkingCalendar({ workingDays: [1, 2, 3, 4, 5], holidays: ['2026-02-26'] });

describe('throughputWindow', () => {
  it('lists the working days before today, oldest first, skipping weekends and holidays', () => {
    const series = throughputWindow([], calendar, '2026-03-02', { windowDays: 4 });
    expect(series.days.map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10))).toEqual(['2026-02-23', '2026-02-24', '2026-02-25', '2026-02-27']);
    expect(series.weekdays).toEqual([1, 2, 3, 5]);
    expect(series.counts).toEqual([0, 0, 0, 0]);
  });

  it.each([
    ['on its working day', [{ date: '2026-02-25', count: 2 }], [0, 0, 2, 0]],
    ['a weekend counts on the Friday before', [{ date: '2026-02-28', count: 1 }, { date: '2026-03-01', count: 2 }], [0, 0, 0, 3]],
    ['a holiday counts on the working day before', [{ date: '2026-02-26', count: 4 }], [0, 0, 4, 0]],
    ['today is not over: left out', [{ date: '2026-03-02', count: 5 }], [0, 0, 0, 0]],
    ['before the window: left out', [{ date: '2026-02-20', count: 5 }], [0, 0, 0, 0]],
    ['the same date twice adds up', [{ date: '2026-02-24', count: 1 }, { date: '2026-02-24', count: 2 }], [0, 3, 0, 0]],
    ['unreadable dates and non-positive counts are ignored', [{ date: 'soon', count: 1 }, { date: '2026-02-24', count: 0 }, { date: '2026-02-24', count: -3 }], [0, 0, 0, 0]],
  ])('a completion %s', (_name, completions, expected) => {
    expect(throughputWindow(completions, calendar, '2026-03-02', { windowDays: 4 }).counts).toEqual(expected);
  });

  it('never reaches before the first date with data (days the portal did not exist are not zero days)', () => {
    const series = throughputWindow([{ date: '2026-02-25', count: 1 }], calendar, '2026-03-02', { windowDays: 60, firstDate: '2026-02-24' });
    expect(series.counts).toEqual([0, 1, 0]);
  });

  it('defaults to the last 60 working days', () => {
    expect(throughputWindow([], calendar, '2026-03-02').days).toHaveLength(60);
  });
});

describe('hasEnoughHistory (D11: at least 20 completions in the window)', () => {
  it.each([
    [MIN_HISTORY_COMPLETIONS - 1, false],
    [MIN_HISTORY_COMPLETIONS, true],
  ])('%i completions: %s', (total, expected) => {
    const counts = [total, 0, 0];
    expect(totalCompletions({ counts })).toBe(total);
    expect(hasEnoughHistory({ counts })).toBe(expected);
  });
});
