import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** GET /api/v1/usage: this month's portal lookups against the plan (D5). */
export interface Usage {
  month: string;
  used: number;
  limit: number | null;
  level: 'ok' | 'warning' | 'exceeded';
  plan: string;
  days: { day: string; lookups: number; misses: number }[];
}

export function usageQueryOptions() {
  return queryOptions({
    queryKey: ['app', 'usage'] as const,
    queryFn: ({ signal }) => api.get<Usage>('/api/v1/usage', { signal }),
    staleTime: 60_000,
  });
}
