import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export type StatusClass = 'completed' | 'cancelled' | 'in-progress' | 'pending' | 'other';

/** GET /api/v1/portals/{portalId}/dashboard */
export interface DashboardData {
  portalId: string;
  sourceType: 'google_sheet' | 'csv_upload' | 'managed' | 'none';
  lastUpdated: string | null;
  totalClients: number;
  completed: number;
  inProgress: number;
  pending: number;
  statusBreakdown: { status: string; count: number }[];
  recent: { clientId: string; name: string; email: string; status: string; statusClass: StatusClass; updatedAt: string }[];
}

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
