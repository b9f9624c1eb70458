import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@core/validation/profile';
import { meQueryKey, type Me } from '@web/features/auth/api/me';
import { api } from '@web/lib/api-client';

/** PATCH /api/v1/me: saves the profile; the answer replaces the app's auth state (header name, company). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdate) => api.patch<Me>('/api/v1/me', input),
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/auth/change-password (better-auth): the server applies the platform policy and ends the other sessions. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<unknown>('/api/auth/change-password', input),
  });
}
