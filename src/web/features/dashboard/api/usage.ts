import { queryOptions } from '@tanstack/react-query';
import type { Usage } from '@core/api/dashboard';
import { api } from '@web/lib/api-client';

export type { Usage } from '@core/api/dashboard';

/** GET /api/v1/usage: this month's portal lookups against the plan (D5). */
export function usageQueryOptions() {
  return queryOptions({
    queryKey: ['app', 'usage'] as const,
    queryFn: ({ signal }) => api.get<Usage>('/api/v1/usage', { signal }),
    staleTime: 60_000,
  });
}
