import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlatformSettings } from '@core/validation/admin-settings';
import { api } from '@web/lib/api-client';

export type SecretName = 'googleSheetsApiKey' | 'stripeApiKey' | 'stripeWebhookSecret' | 'sendgridApiKey';

/** GET/PUT /api/admin/settings */
export interface AdminSettingsResponse {
  settings: PlatformSettings;
  secrets: Record<SecretName, { configured: boolean; masked: string | null }>;
  updatedAt: string | null;
  /** Which way e-mail goes now: SMTP_URL (server), SendGrid (this page) or the server log. */
  mail: { via: 'smtp' | 'sendgrid' | 'log'; label: string; from: string; notes: string[] };
  billing: { connected: boolean; webhookUrl: string };
}

export interface SaveSettingsInput {
  settings: PlatformSettings;
  /** A string sets the key, null removes it, absent keeps it. */
  secrets?: Partial<Record<SecretName, string | null>>;
}

export const adminSettingsQueryKey = ['admin', 'settings'] as const;

export function adminSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminSettingsQueryKey,
    queryFn: ({ signal }) => api.get<AdminSettingsResponse>('/api/admin/settings', { signal }),
    staleTime: 0,
  });
}

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}

export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSettingsInput) => api.put<AdminSettingsResponse>('/api/admin/settings', input),
    onSuccess: (data) => {
      queryClient.setQueryData(adminSettingsQueryKey, data);
      // The platform name, trial days, policy and maintenance flag are public.
      void queryClient.invalidateQueries({ queryKey: ['public-config'] });
      void queryClient.invalidateQueries({ queryKey: ['maintenance'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'session'] });
    },
  });
}
