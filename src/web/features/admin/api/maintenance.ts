import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** GET /api/public/maintenance */
export interface MaintenanceState {
  maintenanceMode: boolean;
  message: string;
}

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
