import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQueryKey } from '@web/features/config/api/public-config';
import { meQueryKey } from './me';

/** After sign-in or sign-up: reload the auth state before navigating, so guards see the new session. */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' });
}

/** After sign-out: forget every cached answer that belonged to the user, and mark the user signed out. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== publicConfigQueryKey[0] });
  queryClient.setQueryData(meQueryKey, null);
}
