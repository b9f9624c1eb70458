import { queryOptions } from '@tanstack/react-query';
import type { Me } from '@core/api/account';
import { api, ApiError } from '@web/lib/api-client';

export type { Me, MeBusiness, MeUser } from '@core/api/account';

/** The app's auth state lives under this key; invalidate it after sign-in, sign-up and sign-out. */
export const meQueryKey = ['me'] as const;

/** The signed-in user, or null when signed out (401). Other failures are errors. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: async ({ signal }): Promise<Me | null> => {
      try {
        return await api.get<Me>('/api/v1/me', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

/** The name to show for the signed-in person: the business owner's name, else the account name. */
export function displayName(me: Me | null | undefined, fallback = 'Admin'): string {
  const name = me?.business?.ownerName?.trim() || me?.user.name?.trim();
  return name || fallback;
}

/**
 * Whether better-auth has a session (its session endpoint answers 200 with null when signed out). Under the
 * ['me'] key, so the sign-in and sign-out cache updates (session-cache.ts) reach it too.
 */
export function sessionProbeQueryOptions() {
  return queryOptions({
    queryKey: [...meQueryKey, 'session'] as const,
    queryFn: async ({ signal }) => (await api.get<unknown>('/api/auth/get-session', { signal })) !== null,
  });
}
