import { useQuery } from '@tanstack/react-query';
import { defaultPublicConfig, publicConfigQueryOptions, type PublicConfig } from './public-config';

function normalise(data: PublicConfig): PublicConfig {
  return {
    platformName: data.platformName || defaultPublicConfig.platformName,
    oauthProviders: Array.isArray(data.oauthProviders) ? data.oauthProviders : [],
    passwordPolicy: data.passwordPolicy ?? defaultPublicConfig.passwordPolicy,
    trialDays: typeof data.trialDays === 'number' ? data.trialDays : defaultPublicConfig.trialDays,
    contact: data.contact ?? defaultPublicConfig.contact,
    uploadMaxMb: typeof data.uploadMaxMb === 'number' ? data.uploadMaxMb : defaultPublicConfig.uploadMaxMb,
  };
}

/**
 * The platform's public settings, with defaults until (or unless) the server answers.
 *
 * The defaults are placeholder data and only `data` changes re-render, so when the server's answer equals what
 * is already shown (the usual case), nothing re-renders: pages that read the platform name (the whole landing
 * page, for one) are not rendered a second time, in one long task, right after the page arrives.
 */
export function usePublicConfig(): { config: PublicConfig } {
  const query = useQuery({
    ...publicConfigQueryOptions(),
    placeholderData: defaultPublicConfig,
    select: normalise,
    notifyOnChangeProps: ['data'],
  });
  return { config: query.data ?? defaultPublicConfig };
}
