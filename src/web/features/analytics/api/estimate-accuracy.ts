import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EstimateAccuracy } from '@core/api/estimates';
import type { AnalyticsPeriod } from '@core/api/portal-analytics';
import { api } from '@web/lib/api-client';

/** How the portal's estimates fared for the clients completed in the period (issue 20). */
export function estimateAccuracyQueryOptions(portalId: string, days: AnalyticsPeriod) {
  return queryOptions({
    queryKey: ['app', 'portal', portalId, 'estimate-accuracy', days] as const,
    queryFn: ({ signal }) => api.get<EstimateAccuracy>(`/api/v1/portals/${encodeURIComponent(portalId)}/estimates/accuracy?days=${days}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
