import { useMutation } from '@tanstack/react-query';
import type { ImpersonationStopped } from '@core/api/admin';
import type { ImpersonationStarted } from '@core/api/admin-businesses';
import { api } from '@web/lib/api-client';

/** Login as this business: on success the browser carries the business session; reload into the app. */
export function useImpersonate() {
  return useMutation({
    mutationFn: (businessId: string) =>
      api.post<ImpersonationStarted>(`/api/admin/businesses/${encodeURIComponent(businessId)}/impersonate`, {}),
    onSuccess: (data) => {
      // A full load, so no cached operator data leaks into the business app.
      window.location.assign(data.redirectTo);
    },
  });
}

/** Back to the operator's own session. */
export function useStopImpersonating() {
  return useMutation({
    mutationFn: () => api.post<ImpersonationStopped>('/api/admin/impersonation/stop', {}),
    onSuccess: (data) => window.location.assign(data.redirectTo),
  });
}
