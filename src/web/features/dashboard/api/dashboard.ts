import { queryOptions } from '@tanstack/react-query';
import type { DashboardData } from '@core/api/dashboard';
import { api } from '@web/lib/api-client';

export type { DashboardData, DashboardStatusClass as StatusClass } from '@core/api/dashboard';

export const dashboardQueryKey = (portalId: string) => ['app', 'portal', portalId, 'dashboard'] as const;

export function dashboardQueryOptions(portalId: string) {
  return queryOptions({
    queryKey: dashboardQueryKey(portalId),
    queryFn: ({ signal }) => api.get<DashboardData>(`/api/v1/portals/${encodeURIComponent(portalId)}/dashboard`, { signal }),
  });
}

/** POST /api/v1/portals/{portalId}/sync: fetches the sheet now (google_sheet sources). */
export function syncPortal(portalId: string) {
  return api.post<unknown>(`/api/v1/portals/${encodeURIComponent(portalId)}/sync`, {});
}
