import { describe, expect, it } from 'vitest';
import { defaultWorkloadSettings } from '../workload-settings';
import { WorkingCalendar } from '../working-days';
import { seededRandom } from './random';
import { portalEstimates, settingsRangeDays } from './ranges';
import { history, poisson } from './test-fixtures';
import { throughputWindow } from './throughput';

const today = '2026-03-02'; // Monday
const settings = { ...defaultWorkloadSettings, holidays: ['2026-03-04'] }; // 14 days, capacity 3, buffer 2
const calendar = new WorkingCalendar(settings);

function estimatesWith(total: number, seed = 'portal_a') {
  const random = seededRandom(1);
  const completions = history(calendar, today, 60, () => 0);
  // Spread `total` completions over the window.
  for (let i = 0; i < total; i += 1) (completions[Math.floor(random() * 60)] as { count: number }).count += 1;
  return portalEstimates({ settings, calendar, today, series: throughputWindow(completions, calendar, today), seed, maxPosition: 50 });
}

describe('settingsRangeDays (cold start range around the formula)', () => {
  it.each([
    [1, 1, 2],
    [5, 4, 7],
    [16, 13, 21],
    [40, 32, 52],
  ])('%i working days: %i to %i', (n, low, high) => {
    expect(settingsRangeDays(n)).toEqual({ low, high });
  });
});

describe('portalEstimates', () => {
  it('below 20 completions in the window: the settings formula, as a range around it, labelled settings', () => {
    const estimates = estimatesWith(19);
    expect(estimates.basis).toBe('settings');
    // Position 1, medium: 0 + 14 + 2 = 16 working days after Monday 2 March, skipping the holiday on 4 March.
    expect(estimates.rangeFor(1, 'medium')).toEqual({ likely: '2026-03-25', low: '2026-03-20', high: '2026-04-01', basis: 'settings' });
    // The formula's class multiplier still applies on the settings' basis.
    expect(estimates.rangeFor(1, 'high').likely).toBe('2026-03-20');
  });

  it('from 20 completions: the simulation of the portal\'s own pace, labelled history', () => {
    const random = seededRandom(2);
    const completions = history(calendar, today, 60, () => poisson(random, 2));
    const estimates = portalEstimates({ settings, calendar, today, series: throughputWindow(completions, calendar, today), seed: 'portal_a', maxPosition: 50 });
    expect(estimates.basis).toBe('history');
    const range = estimates.rangeFor(20, 'medium');
    expect(range.basis).toBe('history');
    expect(range.low <= range.likely && range.likely <= range.high).toBe(true);
    // About 10 working days at 2 a day, the holiday skipped: around 16 March.
    expect(range.likely >= '2026-03-12' && range.likely <= '2026-03-19').toBe(true);
    expect([range.low, range.likely, range.high]).not.toContain('2026-03-04');
    // The same portal, data and day give the same estimate; positions beyond the table still get one.
    const again = portalEstimates({ settings, calendar, today, series: throughputWindow(completions, calendar, today), seed: 'portal_a', maxPosition: 50 });
    expect(again.rangeFor(20, 'medium')).toEqual(range);
    expect(estimates.rangeFor(80, 'low').likely > range.likely).toBe(true);
  });
});
