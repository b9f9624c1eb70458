import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkloadPreview } from '@core/api/dashboard';
import type { WorkloadSettings } from '@core/workload-settings';
import { appPortalsQueryKey } from '@web/features/dashboard/api/portals';
import { api } from '@web/lib/api-client';

export type { WorkloadFigures, WorkloadPreview } from '@core/api/dashboard';

const url = (portalId: string) => `/api/v1/portals/${encodeURIComponent(portalId)}/workload/preview`;

/** The saved settings and figures (no proposal). */
export function workloadQueryOptions(portalId: string) {
  return queryOptions({
    queryKey: ['app', 'portal', portalId, 'workload'] as const,
    queryFn: () => api.post<WorkloadPreview>(url(portalId), {}),
  });
}

/** The figures under the form's settings, before saving. */
export function workloadPreviewQueryOptions(portalId: string, settings: WorkloadSettings | null) {
  return queryOptions({
    queryKey: ['app', 'portal', portalId, 'workload', 'preview', settings] as const,
    queryFn: () => api.post<WorkloadPreview>(url(portalId), { settings }),
    enabled: settings !== null,
    placeholderData: keepPreviousData,
  });
}

/** Saves the settings on the portal (the server recomputes the queue). */
export function useSaveWorkload(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workloadSettings: WorkloadSettings) => api.patch<unknown>(`/api/v1/portals/${encodeURIComponent(portalId)}`, { workloadSettings }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['app', 'portal', portalId] }),
        queryClient.invalidateQueries({ queryKey: appPortalsQueryKey }),
      ]);
    },
  });
}
