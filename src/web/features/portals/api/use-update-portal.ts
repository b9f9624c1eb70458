import { useMutation } from '@tanstack/react-query';
import type { PortalConfigPatch } from '@core/portal-config';
import { api } from '@web/lib/api-client';
import { portalUrl } from './portal';
import type { Portal } from './types';
import { useInvalidatePortal } from './use-invalidate-portal';

export interface PortalChanges {
  name?: string;
  syncIntervalMinutes?: number;
  dateOrder?: 'mdy' | 'dmy';
  /** Configuration fields to change (the others stay). */
  config?: PortalConfigPatch;
}

/** PATCH /api/v1/portals/{portalId}: rename, sync interval, date order. */
export function useUpdatePortal(portalId: string) {
  const invalidate = useInvalidatePortal(portalId);
  return useMutation({
    mutationFn: (changes: PortalChanges) => api.patch<Portal>(portalUrl(portalId), changes),
    onSettled: invalidate,
  });
}
