import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResetLinkState } from '@core/api/account';
import { api } from '@web/lib/api-client';

export interface ResetPasswordInput {
  newPassword: string;
  token: string;
}

/** POST /api/auth/reset-password with the token from the e-mailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<unknown>('/api/auth/reset-password', input),
  });
}

/**
 * Whether the e-mailed link can still be used (POST /api/public/reset-link/check), asked once when the page opens so
 * a used or expired link says so at once instead of after the form is sent.
 */
export function useResetLinkCheck(token: string | null) {
  return useQuery({
    queryKey: ['reset-link', token],
    queryFn: ({ signal }) => api.post<ResetLinkState>('/api/public/reset-link/check', { token }, { signal }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}
