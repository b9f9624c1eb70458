import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { portalUrl } from './portal';
import type { ImportReport } from './types';
import { useInvalidatePortal } from './use-invalidate-portal';

/** POST .../sync: 'Sync now' (confirmDrop applies a large drop the last sync held back). */
export function useSyncPortal(portalId: string) {
  const invalidate = useInvalidatePortal(portalId);
  return useMutation({
    mutationFn: (input: { confirmDrop?: boolean } = {}) => api.post<ImportReport>(`${portalUrl(portalId)}/sync`, input),
    onSettled: invalidate,
  });
}
