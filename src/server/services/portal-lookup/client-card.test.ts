import { describe, expect, it } from 'vitest';
import { calendarFor } from '@core/estimate';
import { defaultPortalConfig } from '@core/portal-config';
import { defaultWorkloadSettings } from '@core/workload-settings';
import { buildClientCard, workloadInsights, type CardSource } from './client-card';

// The card's "Our team completes about N projects a week": the pace the date comes from (issue 20).

const workload = { ...defaultWorkloadSettings, dailyCapacity: 3, workingDays: [1, 2, 3, 4, 5] };
const base = { queueState: 'queued' as const, position: 9, estimatedCompletion: '2027-01-12', workload, showPosition: true, showEstimate: true };

describe('workloadInsights', () => {
  it('on the settings basis: the daily capacity on each working day', () => {
    expect(workloadInsights(base)).toContain('Our team completes about 15 projects a week.');
  });

  it('on the history basis: the pace learned from the completions, rounded, at least one', () => {
    expect(workloadInsights({ ...base, historyPace: 2.07 })).toContain('Our team completes about 10 projects a week.');
    expect(workloadInsights({ ...base, historyPace: 0.1 })).toContain('Our team completes about 1 project a week.');
    // Without a date shown, the start within weeks is worked out from the same pace.
    expect(workloadInsights({ ...base, showEstimate: false, historyPace: 1 })).toBe('There are 8 projects ahead of yours. Our team completes about 5 projects a week, so we should start on yours within 2 weeks.');
  });
});

describe('buildClientCard', () => {
  const row = (basis: 'history' | 'settings'): CardSource => ({
    name: 'Ann',
    email: 'ann@example.com',
    status: 'Pending',
    dueDate: null,
    dueDateText: '',
    notes: '',
    queueState: 'queued',
    queuePosition: 9,
    estimatedWorkingDays: 4,
    estimatedCompletion: '2027-01-12',
    estimate: { likely: '2027-01-14', low: '2027-01-12', high: '2027-01-20', basis, reason: null },
  });
  const ctx = { config: defaultPortalConfig('Co'), workload, calendar: calendarFor(workload), today: '2027-01-04', staleEstimates: false, estimatesUpdatedAt: new Date('2027-01-04T09:00:00Z'), estimatesPace: 1.6, now: new Date('2027-01-04T10:00:00Z') };

  it("says the history's pace when the estimate comes from history, the settings' otherwise", () => {
    expect(buildClientCard(row('history'), ctx).insights).toContain('Our team completes about 8 projects a week.');
    expect(buildClientCard(row('settings'), ctx).insights).toContain('Our team completes about 15 projects a week.');
  });
});
