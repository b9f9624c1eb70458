import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { portalKey, portalsKey } from './portal-keys';

/** Refetches the portal list and everything cached about one portal (after a change to it or its data). */
export function useInvalidatePortal(portalId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: portalsKey }), queryClient.invalidateQueries({ queryKey: portalKey(portalId) })]),
    [queryClient, portalId],
  );
}
