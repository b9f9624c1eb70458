import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React takes over pre-rendered HTML (and on the server), true afterwards. Forms keep their submit
 * button disabled until then, so a click before the scripts run cannot trigger a plain browser form post.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
