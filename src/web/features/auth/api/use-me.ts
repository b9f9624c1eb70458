import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from './me';

/** The signed-in user (null when signed out); the app's auth state. */
export function useMe() {
  return useQuery(meQueryOptions());
}
