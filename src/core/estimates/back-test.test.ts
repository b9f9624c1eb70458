import { describe, expect, it } from 'vitest';
import { dayToIso, isoToDay } from '../dates';
import { defaultWorkloadSettings } from '../workload-settings';
import { WorkingCalendar } from '../working-days';
import { estimateAccuracy } from './accuracy';
import { backTest, estimateMorning, type PortalHistory, type QueueMorning } from './back-test';

const calendar = new WorkingCalendar({ workingDays: [1, 2, 3, 4, 5], holidays: [] });
const settings = { ...defaultWorkloadSettings, averageProjectDuration: 1, bufferDays: 0, dailyCapacity: 2 };

/** 120 working days of a queue worked in order, 2 clients a day, 40 queued every morning. */
function inOrderHistory(): PortalHistory {
  const days: number[] = [];
  for (let day = isoToDay('2025-09-01'); days.length < 120; day += 1) if (calendar.isWorkingDayNumber(day)) days.push(day);
  const mornings: QueueMorning[] = [];
  const completedOn = new Map<string, string>();
  days.forEach((day, t) => {
    const first = 2 * t; // client ids 2t, 2t+1, ... are queued; 2t and 2t+1 are done today
    mornings.push({ date: dayToIso(day), clients: Array.from({ length: 40 }, (_, i) => ({ id: `c${first + i}`, position: i + 1, priorityClass: 'medium' as const })) });
    completedOn.set(`c${first}`, dayToIso(day));
    completedOn.set(`c${first + 1}`, dayToIso(day));
  });
  return { completions: days.map((day) => ({ date: dayToIso(day), count: 2 })), mornings, completedOn };
}

describe('estimateMorning', () => {
  it('uses only what was known that morning', () => {
    const history = inOrderHistory();
    // Four working days in: 8 completions known, fewer than 20: the settings (position 5 -> 2 + 1 working days).
    const early = estimateMorning({ settings, calendar, seed: 'p' }, history, '2025-09-05', 40);
    expect(early.basis).toBe('settings');
    expect(early.rangeFor(5, 'medium').likely).toBe('2025-09-10');
    // Later: the history, exact for a queue worked in order at 2 a day (position 5 is done on the third day).
    const later = estimateMorning({ settings, calendar, seed: 'p', runs: 400 }, history, '2025-11-03', 40);
    expect(later.basis).toBe('history');
    expect(later.rangeFor(5, 'medium')).toEqual({ likely: '2025-11-05', low: '2025-11-05', high: '2025-11-05', basis: 'history' });
  });
});

describe('backTest', () => {
  it('replays a steady in-order queue: every client inside its range, exact to the day', () => {
    const history = inOrderHistory();
    const completed = backTest({ settings, calendar, seed: 'p', runs: 400 }, history, '2025-12-01', '2026-01-30');
    expect(completed.length).toBeGreaterThan(50);
    const [, fourteen, seven] = estimateAccuracy(completed, calendar);
    expect(seven?.clients).toBeGreaterThan(50);
    expect(seven?.inRange).toBe(1);
    expect(seven?.medianErrorDays).toBe(0);
    expect(fourteen?.inRange).toBe(1);
  });
});
