import { describe, expect, it } from 'vitest';
import { capacityBand, capacityUtilisation, computeWorkload } from './workload';
import { defaultWorkloadSettings } from './workload-settings';

describe('capacity utilisation (spec 9)', () => {
  it.each([
    [0, 3, 0, 'green'],
    [12, 3, 80, 'green'],
    [13, 3, 87, 'yellow'],
    [15, 3, 100, 'yellow'],
    [16, 3, 107, 'red'],
    [5, 1, 100, 'yellow'],
    [6, 1, 120, 'red'],
    [100, 20, 100, 'yellow'],
    [81, 20, 81, 'yellow'],
  ] as const)('%i active, capacity %i -> %i%% %s', (active, capacity, pct, band) => {
    expect(capacityUtilisation(active, capacity)).toBe(pct);
    expect(capacityBand(pct)).toBe(band);
  });
});

describe('computeWorkload', () => {
  const clients = [
    { status: 'In progress', priority: 'high' }, // 14 x 0.8 = 11.2
    { status: 'Pending', priority: 'medium' }, // 14
    { status: 'Pending', priority: '' }, // 14 x 1.2 = 16.8
    { status: 'Done', priority: 'high' },
    { status: 'Cancelled', priority: 'low' },
  ];

  it('sums active clients and finds the next available date', () => {
    expect(computeWorkload(clients, defaultWorkloadSettings, '2026-01-05')).toEqual({
      activeProjects: 3,
      estimatedDays: 42,
      workingDaysToFree: 14,
      nextAvailableDate: '2026-01-23',
      capacityUtilisation: 20,
      capacityBand: 'green',
    });
  });

  it('keeps tenths exact and ceils', () => {
    const figures = computeWorkload(clients.slice(0, 1), { ...defaultWorkloadSettings, dailyCapacity: 1 }, '2026-01-05');
    expect(figures.estimatedDays).toBe(11.2);
    expect(figures.workingDaysToFree).toBe(12);
    const seven = computeWorkload(
      Array.from({ length: 3 }, () => ({ status: 'Pending', priority: 'high' })),
      { ...defaultWorkloadSettings, averageProjectDuration: 5, dailyCapacity: 1, priorityMultiplier: { high: 0.7, medium: 1, low: 1.2 } },
      '2026-01-05',
    );
    expect(seven.estimatedDays).toBe(10.5);
    expect(seven.workingDaysToFree).toBe(11);
  });

  it('with no active clients the team is free today', () => {
    expect(computeWorkload([], defaultWorkloadSettings, '2026-01-10')).toMatchObject({
      activeProjects: 0,
      estimatedDays: 0,
      nextAvailableDate: '2026-01-10',
      capacityBand: 'green',
    });
  });

  it('skips holidays', () => {
    const figures = computeWorkload(clients, { ...defaultWorkloadSettings, holidays: ['2026-01-19'] }, '2026-01-05');
    expect(figures.nextAvailableDate).toBe('2026-01-26');
  });
});
