import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

/** GET /api/v1/portals/{portalId}/analytics?days= */
export interface PortalAnalytics {
  portalId: string;
  days: AnalyticsPeriod;
  timeZone: string;
  from: string;
  to: string;
  sourceType: 'google_sheet' | 'csv_upload' | 'none';
  lastUpdated: string | null;
  totalClients: number;
  completed: number;
  completionRate: number;
  inProgress: number;
  pending: number;
  cancelled: number;
  other: number;
  newClients: number;
  avgDaysToComplete: number | null;
  completionsMeasured: number;
  statusBreakdown: { status: string; count: number; percent: number }[];
  lookups: { total: number; misses: number; days: { day: string; lookups: number; misses: number }[] };
}

export const analyticsQueryKey = (portalId: string, days: AnalyticsPeriod) => ['app', 'portal', portalId, 'analytics', days] as const;

export function analyticsQueryOptions(portalId: string, days: AnalyticsPeriod) {
  return queryOptions({
    queryKey: analyticsQueryKey(portalId, days),
    queryFn: ({ signal }) => api.get<PortalAnalytics>(`/api/v1/portals/${encodeURIComponent(portalId)}/analytics?days=${days}`, { signal }),
    // While another period loads, the previous figures stay (dimmed) instead of a spinner.
    placeholderData: keepPreviousData,
  });
}
