import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_TRIAL_DAYS } from '@core/plans';
import type { PublicConfig } from '@core/api/account';
import { api } from '@web/lib/api-client';

export type { OAuthProvider, PublicConfig } from '@core/api/account';

/**
 * Used until the server answers, and when it cannot be reached: what a platform with default settings answers
 * (so pages pre-rendered with it do not change when the answer arrives). The password policy is the back
 * office's default (admin-settings.ts in @core, not imported here so that pages without forms, like the public
 * portal, do not ship zod); the server enforces whatever the settings say.
 */
export const defaultPublicConfig: PublicConfig = {
  platformName: 'StatusLink',
  oauthProviders: [],
  passwordPolicy: { minLength: 8, requireNumber: true, requireSpecial: true },
  trialDays: DEFAULT_TRIAL_DAYS,
  contact: { salesEmail: null, supportEmail: null },
  uploadMaxMb: 20,
};

export const publicConfigQueryKey = ['public-config'] as const;

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => api.get<PublicConfig>('/api/public/config', { signal }),
    staleTime: 5 * 60_000,
  });
}
