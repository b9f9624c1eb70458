import { useQuery } from '@tanstack/react-query';
import { meQueryOptions, sessionProbeQueryOptions, type Me } from './me';

/** The signed-in user (null when signed out); the app's auth state. */
export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * useMe for the pages signed-out visitors open (/login, Access Denied): /api/v1/me is asked only when there is a
 * session, so a signed-out browser does not log a failed request (its 401). The guarded app keeps one request.
 */
export function useMeIfSignedIn(): { data: Me | null | undefined; isPending: boolean } {
  const session = useQuery(sessionProbeQueryOptions());
  const me = useQuery({ ...meQueryOptions(), enabled: session.data === true });
  if (session.data === false) return { data: null, isPending: false };
  return { data: me.data, isPending: session.isPending || me.isPending };
}

/** The signed-in business's time zone, for showing dates and times (decisions D8); undefined until known. */
export function useBusinessTimeZone(): string | undefined {
  return useMe().data?.business?.timeZone || undefined;
}
