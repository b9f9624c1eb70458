import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarFor, computeQueue, createEstimateContext, estimateCompletion, estimatedWorkingDays, type EstimateSettings } from './estimate';
import { defaultWorkloadSettings } from './workload-settings';

const settings: EstimateSettings = defaultWorkloadSettings; // 14 days, capacity 3, buffer 2, 0.8 / 1 / 1.2
const monday = '2026-01-05';

describe('estimatedWorkingDays (D4 formula)', () => {
  it.each<[string, number, 'high' | 'medium' | 'low', Partial<EstimateSettings>, number]>([
    ['position 1, high', 1, 'high', {}, 0 + 11 + 2],
    ['position 1, medium', 1, 'medium', {}, 0 + 14 + 2],
    ['position 1, low', 1, 'low', {}, 0 + 17 + 2],
    ['position 2, capacity 3', 2, 'medium', {}, 1 + 14 + 2],
    ['position 4, capacity 3', 4, 'medium', {}, 1 + 14 + 2],
    ['position 5, capacity 3', 5, 'medium', {}, 2 + 14 + 2],
    ['capacity 1: one per day', 5, 'medium', { dailyCapacity: 1 }, 4 + 14 + 2],
    ['capacity 20: 2nd waits a day', 2, 'medium', { dailyCapacity: 20 }, 1 + 14 + 2],
    ['capacity 20: 21st waits a day', 21, 'medium', { dailyCapacity: 20 }, 1 + 14 + 2],
    ['capacity 20: 22nd waits two', 22, 'medium', { dailyCapacity: 20 }, 2 + 14 + 2],
    ['capacity 1: position 1 waits none', 1, 'low', { dailyCapacity: 1 }, 0 + 17 + 2],
    ['no buffer', 1, 'medium', { bufferDays: 0 }, 14],
    ['half rounds up', 1, 'high', { averageProjectDuration: 5, priorityMultiplier: { high: 0.7, medium: 1, low: 1.2 } }, 4 + 2],
  ])('%s', (_name, position, cls, patch, expected) => {
    expect(estimatedWorkingDays(position, cls, { ...settings, ...patch })).toBe(expected);
  });
});

describe('estimateCompletion', () => {
  it.each<[string, number, 'high' | 'medium' | 'low', Partial<EstimateSettings>, string]>([
    ['13 working days from Monday', 1, 'high', {}, '2026-01-22'],
    ['16 working days from Monday', 1, 'medium', {}, '2026-01-27'],
    ['a holiday pushes it a day', 1, 'high', { holidays: ['2026-01-19'] }, '2026-01-23'],
    ['a weekend holiday does not', 1, 'high', { holidays: ['2026-01-17'] }, '2026-01-22'],
    ['six-day week', 1, 'high', { workingDays: [1, 2, 3, 4, 5, 6] }, '2026-01-20'],
  ])('%s', (_name, position, cls, patch, expected) => {
    expect(estimateCompletion(position, cls, { settings: { ...settings, ...patch }, today: monday })).toBe(expected);
  });

  it('takes today in the business time zone', () => {
    // 2026-01-05 03:00 UTC is still Sunday 2026-01-04 in New York.
    const ny = createEstimateContext(settings, 'America/New_York', Date.UTC(2026, 0, 5, 3));
    expect(ny.today).toBe('2026-01-04');
    expect(estimateCompletion(1, 'high', ny)).toBe('2026-01-21');
    const paris = createEstimateContext(settings, 'Europe/Paris', Date.UTC(2026, 0, 5, 3));
    expect(paris.today).toBe('2026-01-05');
    expect(estimateCompletion(1, 'high', paris)).toBe('2026-01-22');
  });

  it('counts from a weekend today to the N-th working day after it', () => {
    expect(estimateCompletion(1, 'high', { settings, today: '2026-01-10' })).toBe('2026-01-28');
  });
});

describe('computeQueue', () => {
  it('gives each client its entry', () => {
    const entries = computeQueue(
      [
        { status: 'In progress', priority: 'high' },
        { status: 'Done', priority: 1 },
        { status: 'Pending', priority: '' },
        { status: 'Cancelled', priority: 2 },
        { status: 'Review', priority: 'medium', manualPosition: 1 },
      ],
      { settings, today: monday },
    );
    expect(entries).toEqual([
      { state: 'queued', position: 2, priorityNumber: 1, priorityClass: 'high', statusClass: 'in-progress', workingDays: 14, estimatedCompletion: '2026-01-23' },
      { state: 'completed', priorityNumber: 1, priorityClass: 'high', statusClass: 'completed' },
      { state: 'queued', position: 3, priorityNumber: 999, priorityClass: 'low', statusClass: 'pending', workingDays: 20, estimatedCompletion: '2026-02-02' },
      { state: 'cancelled', priorityNumber: 2, priorityClass: 'high', statusClass: 'cancelled' },
      { state: 'queued', position: 1, priorityNumber: 3, priorityClass: 'medium', statusClass: 'other', workingDays: 16, estimatedCompletion: '2026-01-27' },
    ]);
  });

  it('agrees with estimateCompletion for every client', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            status: fc.constantFrom('Pending', 'In progress', 'Done', 'Cancelled', 'Urgent'),
            priority: fc.constantFrom('urgent', 'high', 'medium', 'low', '', '4'),
          }),
          { maxLength: 80 },
        ),
        fc.integer({ min: 1, max: 20 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 120 }), { maxLength: 30 }),
        (items, dailyCapacity, holidayOffsets) => {
          const s = { ...settings, dailyCapacity, holidays: holidayOffsets.map((d) => `2026-${String(1 + Math.floor(d / 28)).padStart(2, '0')}-${String(1 + (d % 28)).padStart(2, '0')}`) };
          const calendar = calendarFor(s);
          for (const entry of computeQueue(items, { settings: s, today: monday, calendar })) {
            if (entry.state !== 'queued') continue;
            expect(entry.estimatedCompletion).toBe(estimateCompletion(entry.position, entry.priorityClass, { settings: s, today: monday }));
            expect(calendar.isWorkingDay(entry.estimatedCompletion)).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
