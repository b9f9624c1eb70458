import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceState } from '@core/api/system';
import { api } from '@web/lib/api-client';

// GET /api/public/maintenance, inferred from the schema the server validates it with.
export type { MaintenanceState } from '@core/api/system';

export function maintenanceQueryOptions() {
  return queryOptions({
    queryKey: ['maintenance'] as const,
    queryFn: ({ signal }) => api.get<MaintenanceState>('/api/public/maintenance', { signal }),
    staleTime: 60_000,
    refetchInterval: 120_000,
    retry: false,
  });
}

export const useMaintenance = () => useQuery(maintenanceQueryOptions());
