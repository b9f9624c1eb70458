import { describe, expect, it } from 'vitest';
import { addHoliday, defaultWorkloadSettings, normalizeHolidays, removeHoliday, workloadSettingsSchema } from './workload-settings';

describe('workloadSettingsSchema', () => {
  it('has the spec defaults', () => {
    expect(defaultWorkloadSettings).toEqual({
      averageProjectDuration: 14,
      dailyCapacity: 3,
      bufferDays: 2,
      workingDays: [1, 2, 3, 4, 5],
      holidays: [],
      priorityMultiplier: { high: 0.8, medium: 1, low: 1.2 },
      statusWeights: { new: 10, inProgress: 5, review: 2, completed: 0, onHold: 15 },
    });
  });

  it.each([
    [{ averageProjectDuration: 1 }, true],
    [{ averageProjectDuration: 365 }, true],
    [{ averageProjectDuration: 0 }, 'Average project duration must be a whole number of days, from 1 to 365'],
    [{ averageProjectDuration: 366 }, 'Average project duration must be a whole number of days, from 1 to 365'],
    [{ averageProjectDuration: 1.5 }, 'Average project duration must be a whole number of days, from 1 to 365'],
    [{ dailyCapacity: 1 }, true],
    [{ dailyCapacity: 20 }, true],
    [{ dailyCapacity: 0 }, 'Daily capacity must be a whole number, from 1 to 20'],
    [{ dailyCapacity: 21 }, 'Daily capacity must be a whole number, from 1 to 20'],
    [{ bufferDays: 0 }, true],
    [{ bufferDays: 30 }, true],
    [{ bufferDays: -1 }, 'Buffer days must be a whole number, from 0 to 30'],
    [{ bufferDays: 31 }, 'Buffer days must be a whole number, from 0 to 30'],
    [{ priorityMultiplier: { high: 0.5, medium: 1.3, low: 2 } }, true],
    [{ priorityMultiplier: { high: 0.7, medium: 1, low: 1.2 } }, true],
    [{ priorityMultiplier: { high: 0.4 } }, 'Multipliers must be between 0.5 and 2.0 in steps of 0.1'],
    [{ priorityMultiplier: { low: 2.1 } }, 'Multipliers must be between 0.5 and 2.0 in steps of 0.1'],
    [{ priorityMultiplier: { medium: 1.05 } }, 'Multipliers must be between 0.5 and 2.0 in steps of 0.1'],
    [{ workingDays: [] }, 'Choose at least one working day'],
    [{ workingDays: [7] }, false],
    [{ holidays: ['2026-02-30'] }, 'Holidays must be dates in the form YYYY-MM-DD'],
  ])('%j', (patch, expected) => {
    const result = workloadSettingsSchema.safeParse(patch);
    if (expected === true) expect(result.success).toBe(true);
    else if (expected === false) expect(result.success).toBe(false);
    else expect(result.error?.issues.map((i) => i.message)).toEqual([expected]);
  });

  it('sorts and de-duplicates working days and holidays, and cleans multipliers', () => {
    const parsed = workloadSettingsSchema.parse({
      workingDays: [5, 1, 1, 3],
      holidays: ['2026-12-25', '2026-01-01', '2026-12-25'],
      priorityMultiplier: { high: 0.1 + 0.2 + 0.4 },
    });
    expect(parsed.workingDays).toEqual([1, 3, 5]);
    expect(parsed.holidays).toEqual(['2026-01-01', '2026-12-25']);
    expect(parsed.priorityMultiplier).toEqual({ high: 0.7, medium: 1, low: 1.2 });
  });
});

describe('holiday list', () => {
  it.each([
    [[], '2026-01-01', ['2026-01-01']],
    [['2026-12-25'], '2026-01-01', ['2026-01-01', '2026-12-25']],
    [['2026-01-01'], '2026-01-01', ['2026-01-01']],
    [['2026-01-01'], '', ['2026-01-01']],
    [['2026-01-01'], '  ', ['2026-01-01']],
  ])('addHoliday(%j, %j)', (list, date, expected) => {
    expect(addHoliday(list, date)).toEqual(expected);
  });

  it('removes and normalizes', () => {
    expect(removeHoliday(['2026-01-01', '2026-12-25'], '2026-01-01')).toEqual(['2026-12-25']);
    expect(normalizeHolidays([' 2026-02-01', '2026-01-01', '2026-02-01', ''])).toEqual(['2026-01-01', '2026-02-01']);
  });
});
