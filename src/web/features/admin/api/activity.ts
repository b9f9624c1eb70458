import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { ActivityPage } from '@core/api/admin';

export interface ActivityFilter {
  type?: string;
  actor?: string;
  from?: string;
  to?: string;
  offset?: number;
}

export const ACTIVITY_PAGE_SIZE = 50;

export function activityQueryOptions(filter: ActivityFilter) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') params.set(k, String(v));
  params.set('limit', String(ACTIVITY_PAGE_SIZE));
  return queryOptions({
    queryKey: ['admin', 'activity', params.toString()] as const,
    queryFn: ({ signal }) => api.get<ActivityPage>(`/api/admin/activity?${params}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export const useActivity = (filter: ActivityFilter) => useQuery(activityQueryOptions(filter));
