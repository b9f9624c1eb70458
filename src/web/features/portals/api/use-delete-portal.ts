import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { portalUrl } from './portal';
import { portalKey, portalsKey } from './portal-keys';

/** DELETE /api/v1/portals/{portalId} */
export function useDeletePortal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (portalId: string) => api.del<null>(portalUrl(portalId)),
    onSuccess: (_data, portalId) => queryClient.removeQueries({ queryKey: portalKey(portalId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalsKey }),
  });
}
