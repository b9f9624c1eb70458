import { useMutation } from '@tanstack/react-query';
import { paths } from '@web/lib/paths';
import { api } from '@web/lib/api-client';

/** POST /api/auth/request-password-reset; the server answers the same whether the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<unknown>('/api/auth/request-password-reset', { email, redirectTo: paths.resetPassword }),
  });
}
