import { queryOptions } from '@tanstack/react-query';
import type { PasswordPolicy } from '@core/validation/auth';
import { api } from '@web/lib/api-client';

export type OAuthProvider = 'google' | 'facebook';

/** GET /api/public/config */
export interface PublicConfig {
  platformName: string;
  oauthProviders: OAuthProvider[];
  passwordPolicy: PasswordPolicy;
  /** Length of the free trial in days (platform setting). */
  trialDays?: number;
}

/** Used until the server answers, and when it cannot be reached. */
export const defaultPublicConfig: PublicConfig = {
  platformName: 'StatusLink',
  oauthProviders: [],
  // The spec's rule (same values as basePasswordPolicy in @core/validation/auth, which is not imported here so
  // that pages without forms, like the public portal, do not ship zod).
  passwordPolicy: { minLength: 8, requireNumber: false, requireSpecial: false },
};

export const publicConfigQueryKey = ['public-config'] as const;

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => api.get<PublicConfig>('/api/public/config', { signal }),
    staleTime: 5 * 60_000,
  });
}
