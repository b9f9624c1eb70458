import { useMutation } from '@tanstack/react-query';
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
