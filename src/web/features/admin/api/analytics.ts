import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { AdminAnalytics } from '@core/api/admin-metrics';

export type AnalyticsPeriod = 7 | 30 | 90;
export type AnalyticsMetric = 'revenue' | 'signups' | 'churn' | 'activeUsers';

// Answer shapes inferred from the schemas the server validates them with.
export type { AdminAnalytics, DayFigures, PeriodSummary } from '@core/api/admin-metrics';

export function adminAnalyticsQueryOptions(days: AnalyticsPeriod) {
  return queryOptions({
    queryKey: ['admin', 'analytics', days] as const,
    queryFn: ({ signal }) => api.get<AdminAnalytics>(`/api/admin/analytics?days=${days}`, { signal }),
  });
}

export function useAdminAnalytics(days: AnalyticsPeriod) {
  return useQuery(adminAnalyticsQueryOptions(days));
}

/** Where Export Report downloads the shown figures (CSV). */
export function analyticsExportUrl(days: AnalyticsPeriod, metrics: AnalyticsMetric[]): string {
  return `/api/admin/analytics/export?days=${days}&metrics=${encodeURIComponent(metrics.join(','))}`;
}
