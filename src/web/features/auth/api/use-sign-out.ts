import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signOut } from './sign-out';

/** Signs out (all sessions) and clears the cached user. Never fails. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => signOut(queryClient) });
}
