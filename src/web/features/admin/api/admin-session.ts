import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSession } from '@core/api/admin';
import { api } from '@web/lib/api-client';

// GET /api/admin/session: whether the operator must still set up two-factor sign-in (inferred from its schema).
export type { AdminSession } from '@core/api/admin';

export const adminSessionQueryKey = ['admin', 'session'] as const;

export function adminSessionQueryOptions() {
  return queryOptions({
    queryKey: adminSessionQueryKey,
    queryFn: ({ signal }) => api.get<AdminSession>('/api/admin/session', { signal }),
    staleTime: 10_000,
  });
}

export const useAdminSession = () => useQuery(adminSessionQueryOptions());

/** Two-factor set-up: enable (with the password) gives the authenticator URI; verify the first code. */
export function useTwoFactorSetup() {
  const queryClient = useQueryClient();
  return {
    enable: useMutation({
      mutationFn: (v: { password: string; issuer: string }) =>
        api.post<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { password: v.password, issuer: v.issuer }),
    }),
    verify: useMutation({
      mutationFn: (code: string) => api.post<unknown>('/api/auth/two-factor/verify-totp', { code }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    }),
  };
}
