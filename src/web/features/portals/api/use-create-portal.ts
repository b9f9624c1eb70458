import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { portalsKey } from './portal-keys';
import type { Portal } from './types';

/** POST /api/v1/portals (403 portal_limit_reached past the plan's limit). */
export function useCreatePortal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<Portal>('/api/v1/portals', name.trim() ? { name: name.trim() } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalsKey }),
  });
}
