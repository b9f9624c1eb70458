import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from '../working-days';
import { slipReason, type SeenEstimate } from './slip';

const calendar = new WorkingCalendar({ workingDays: [1, 2, 3, 4, 5], holidays: ['2026-03-16', '2026-03-17'] });
const seen: SeenEstimate = { likely: '2026-03-12', position: 10, basis: 'history', holidays: [] };
const at = (patch: Partial<SeenEstimate>): SeenEstimate => ({ ...seen, holidays: ['2026-03-16', '2026-03-17'], ...patch });

describe('slipReason', () => {
  it.each<[string, Partial<SeenEstimate>, SeenEstimate | null, number, string | null]>([
    ['no move', { likely: '2026-03-12', holidays: [] }, null, 3, null],
    ['earlier', { likely: '2026-03-10', holidays: [] }, null, 3, null],
    ['one working day later is not more than a day', { likely: '2026-03-13', holidays: [] }, null, 3, null],
    ['a weekend is not a working day: Friday to Monday is one day', { likely: '2026-03-13', holidays: [] }, { ...seen, likely: '2026-03-12' }, 3, null],
    ['moved back nine places at 3 a day: the queue', { likely: '2026-03-18', position: 19, holidays: [] }, null, 3, 'queue'],
    ['two holidays added before the new date: holidays', { likely: '2026-03-18' }, null, 3, 'holidays'],
    ['same place, no holidays, later: fewer completions', { likely: '2026-03-20', holidays: [] }, null, 3, 'completions'],
    ['now from history instead of the settings: basis', { likely: '2026-03-20', holidays: [] }, { ...seen, basis: 'settings' }, 3, 'basis'],
    ['the settings changed on the settings basis: settings', { likely: '2026-03-20', holidays: [], basis: 'settings', settingsKey: 'b' }, { ...seen, basis: 'settings', settingsKey: 'a' }, 3, 'settings'],
    ['the largest share wins: one place back but much later', { likely: '2026-03-27', position: 11, holidays: [] }, null, 3, 'completions'],
  ])('%s', (_name, nowPatch, seenOverride, pace, expected) => {
    const result = slipReason({ seen: seenOverride ?? seen, now: at(nowPatch), calendar, today: '2026-03-02', pace });
    expect(result?.reason ?? null).toBe(expected);
  });

  it('reports the slip in working days', () => {
    expect(slipReason({ seen, now: at({ likely: '2026-03-20', holidays: [] }), calendar, today: '2026-03-02', pace: 3 })?.days).toBe(4);
  });
});
