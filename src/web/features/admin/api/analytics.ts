import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { PlanRow } from './dashboard';

export type AnalyticsPeriod = 7 | 30 | 90;
export type AnalyticsMetric = 'revenue' | 'signups' | 'churn' | 'activeUsers';

export interface PeriodSummary {
  revenue: number;
  mrr: number;
  activeBusinesses: number;
  churnRate: number;
  churned: number;
  signups: number;
  activeUsers: number;
  portals: number;
  arpu: number | null;
  conversionRate: number | null;
}

export interface DayFigures {
  date: string;
  signups: number;
  revenue: number;
  mrr: number;
  payingBusinesses: number;
  totalBusinesses: number;
  activeUsers: number;
  churned: number;
  churn: number;
  portals: number;
  fromSnapshot: boolean;
}

/** GET /api/admin/analytics?days= */
export interface AdminAnalytics {
  days: AnalyticsPeriod;
  from: string;
  to: string;
  current: PeriodSummary;
  previous: PeriodSummary;
  series: DayFigures[];
  plans: PlanRow[];
  arpu: number | null;
  conversion: {
    signups: number;
    converted: number;
    inTrial: number;
    rate: number | null;
    overall: { rate: number; converted: number; eligible: number } | null;
  };
  portalsAvailable: boolean;
}

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
