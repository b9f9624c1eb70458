import { useQuery } from '@tanstack/react-query';
import { defaultPublicConfig, publicConfigQueryOptions, type PublicConfig } from './public-config';

/** The platform's public settings, with defaults until (or unless) the server answers. */
export function usePublicConfig(): { config: PublicConfig; isPending: boolean } {
  const query = useQuery(publicConfigQueryOptions());
  const data = query.data;
  const config: PublicConfig = data
    ? {
        platformName: data.platformName || defaultPublicConfig.platformName,
        oauthProviders: Array.isArray(data.oauthProviders) ? data.oauthProviders : [],
        passwordPolicy: data.passwordPolicy ?? defaultPublicConfig.passwordPolicy,
        trialDays: typeof data.trialDays === 'number' ? data.trialDays : undefined,
      }
    : defaultPublicConfig;
  return { config, isPending: query.isPending };
}
