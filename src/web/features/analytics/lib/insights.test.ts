import { describe, expect, it } from 'vitest';
import type { PortalAnalytics } from '@core/api/portal-analytics';
import { formatDays, projectInsights } from './insights';

const base: PortalAnalytics = {
  portalId: 'portal_abc123def',
  level: 'full',
  days: 30,
  timeZone: 'UTC',
  from: '2026-10-24',
  to: '2026-11-22',
  sourceType: 'csv_upload',
  lastUpdated: null,
  totalClients: 10,
  completed: 2,
  completionRate: 20,
  inProgress: 3,
  pending: 0,
  cancelled: 0,
  other: 5,
  newClients: 0,
  avgDaysToComplete: null,
  completionsMeasured: 0,
  statusBreakdown: [
    { status: 'review', count: 5, percent: 50 },
    { status: 'in progress', count: 3, percent: 30 },
    { status: 'done', count: 2, percent: 20 },
  ],
  lookups: { total: 0, misses: 0, rateLimited: 0, invalid: 0, days: [] },
};

describe('projectInsights', () => {
  it('shows the pending card only when pending > 0', () => {
    expect(projectInsights(base).map((i) => i.id)).not.toContain('pending');
    const withPending = projectInsights({ ...base, pending: 4 });
    expect(withPending[0]).toMatchObject({ id: 'pending', title: '4 projects pending', text: expect.stringContaining('40%') });
  });

  it('computes the others from the figures', () => {
    const ids = projectInsights({ ...base, newClients: 1, avgDaysToComplete: 3.25, completionsMeasured: 1, lookups: { total: 4, misses: 1, rateLimited: 0, invalid: 0, days: [] } });
    expect(ids.map((i) => i.id)).toEqual(['in-progress', 'completed', 'new', 'top-status', 'lookups']);
    expect(ids.find((i) => i.id === 'completed')?.text).toContain('3.3d');
    expect(ids.find((i) => i.id === 'new')?.title).toBe('1 new client');
    expect(ids.find((i) => i.id === 'top-status')?.title).toBe('Most common status: Review');
    expect(ids.find((i) => i.id === 'lookups')?.text).toContain('25%');
  });

  it('names no most common status when the top ones are tied', () => {
    const tied = projectInsights({ ...base, statusBreakdown: [{ status: 'review', count: 1, percent: 50 }, { status: 'done', count: 1, percent: 50 }] });
    expect(tied.map((i) => i.id)).not.toContain('top-status');
  });

  it('on basic analytics, only what the figures of that plan say', () => {
    const basic = projectInsights({ ...base, level: 'basic', newClients: null, lookups: null });
    expect(basic.map((i) => i.id)).toEqual(['in-progress', 'completed', 'top-status']);
    expect(basic.find((i) => i.id === 'completed')?.text).toBe('Completed in the period.');
  });

  it('is empty without clients', () => {
    expect(projectInsights({ ...base, totalClients: 0, statusBreakdown: [] })).toEqual([]);
  });
});

describe('formatDays', () => {
  it('uses one decimal under 10 days', () => {
    expect(formatDays(3.25)).toBe('3.3d');
    expect(formatDays(12.4)).toBe('12d');
    expect(formatDays(0)).toBe('0d');
  });
});
