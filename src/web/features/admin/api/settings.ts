import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, PlatformSecretName } from '@core/api/admin';
import type { PlatformSettings } from '@core/validation/admin-settings';
import { api } from '@web/lib/api-client';

// GET/PUT /api/admin/settings, inferred from the schema the server validates it with.
export type { AdminSettings, PlatformSecretName as SecretName } from '@core/api/admin';

export interface SaveSettingsInput {
  settings: PlatformSettings;
  /** A string sets the key, null removes it, absent keeps it. */
  secrets?: Partial<Record<PlatformSecretName, string | null>>;
}

export const adminSettingsQueryKey = ['admin', 'settings'] as const;

export function adminSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminSettingsQueryKey,
    queryFn: ({ signal }) => api.get<AdminSettings>('/api/admin/settings', { signal }),
    staleTime: 0,
  });
}

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}

export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSettingsInput) => api.put<AdminSettings>('/api/admin/settings', input),
    onSuccess: (data) => {
      queryClient.setQueryData(adminSettingsQueryKey, data);
      // The platform name, trial days, policy and maintenance flag are public.
      void queryClient.invalidateQueries({ queryKey: ['public-config'] });
      void queryClient.invalidateQueries({ queryKey: ['maintenance'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'session'] });
    },
  });
}
