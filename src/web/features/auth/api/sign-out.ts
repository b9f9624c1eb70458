import type { QueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { clearSession } from './session-cache';

/**
 * POST /api/auth/sign-out (ends all the user's sessions), then forgets the cached user.
 * A failure is logged and the user is still treated as signed out (spec 8: logout error).
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await api.post<unknown>('/api/auth/sign-out', {});
  } catch (error) {
    console.warn('Sign-out request failed', error);
  } finally {
    clearSession(queryClient);
  }
}
