import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkedRead } from '@core/api/clients';
import { api } from '@web/lib/api-client';
import { clientUpdatesQueryOptions, portalDataKey } from './clients';

/**
 * POST .../clients/{clientId}/updates/read: marks the client's updates read (the given ids), then refetches the
 * client's updates and the portal's update lists, so every unread count drops.
 */
export function useMarkUpdatesRead(portalId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.post<MarkedRead>(`/api/v1/portals/${encodeURIComponent(portalId)}/clients/${encodeURIComponent(clientId)}/updates/read`, { ids }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientUpdatesQueryOptions(portalId, clientId).queryKey }),
        queryClient.invalidateQueries({ queryKey: [...portalDataKey(portalId), 'updates'] }),
      ]),
  });
}
