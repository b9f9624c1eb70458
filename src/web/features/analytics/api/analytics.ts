import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnalyticsPeriod, PortalAnalytics } from '@core/api/portal-analytics';
import { api } from '@web/lib/api-client';

export const analyticsQueryKey = (portalId: string, days: AnalyticsPeriod) => ['app', 'portal', portalId, 'analytics', days] as const;

export function analyticsQueryOptions(portalId: string, days: AnalyticsPeriod) {
  return queryOptions({
    queryKey: analyticsQueryKey(portalId, days),
    queryFn: ({ signal }) => api.get<PortalAnalytics>(`/api/v1/portals/${encodeURIComponent(portalId)}/analytics?days=${days}`, { signal }),
    // While another period loads, the previous figures stay (dimmed) instead of a spinner.
    placeholderData: keepPreviousData,
  });
}
