import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@core/api/admin-metrics';
import { api } from '@web/lib/api-client';

// Answer shapes inferred from the schemas the server validates them with.
export type { ActivityItem, AdminDashboard, PlanRow } from '@core/api/admin-metrics';

export const adminDashboardQueryKey = ['admin', 'dashboard'] as const;

export function adminDashboardQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardQueryKey,
    queryFn: ({ signal }) => api.get<AdminDashboard>('/api/admin/dashboard', { signal }),
    refetchInterval: 60_000,
  });
}

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
