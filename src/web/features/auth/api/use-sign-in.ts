import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { refreshSession } from './session-cache';

export interface SignInInput {
  email: string;
  password: string;
}

/** POST /api/auth/sign-in/email; on success the session cookie is set and the auth state reloaded. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<unknown>('/api/auth/sign-in/email', input),
    onSuccess: () => refreshSession(queryClient),
  });
}
