import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { portalsKey } from '@web/features/portals/api/portal-keys';
import { portalsQueryOptions } from '@web/features/portals/api/portals';
import type { Portal } from '@web/features/portals/api/types';

/** A portal of GET /api/v1/portals, as the business app's pages read it (one list query for the whole app). */
export type AppPortal = Portal;
export const appPortalsQueryKey = portalsKey;

// The portal the app shows, chosen with the portal switcher; remembered in this browser only (a preference).
const STORAGE_KEY = 'statuslink.currentPortal';
const listeners = new Set<() => void>();
const read = () => {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The business's portals and the current one: the chosen one, else the first with data, else the first. */
export function useCurrentPortal() {
  const query = useQuery(portalsQueryOptions());
  const chosen = useSyncExternalStore(subscribe, read, () => null);
  const portals = query.data?.portals ?? [];
  const portal = portals.find((p) => p.portalId === chosen) ?? portals.find((p) => p.source.type !== 'none') ?? portals[0] ?? null;
  const choose = useCallback((portalId: string) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, portalId);
    } catch {
      // Private mode: the choice lasts until reload.
    }
    listeners.forEach((l) => l());
  }, []);
  return { query, portals, portal, hasSource: portal !== null && portal.source.type !== 'none', choose };
}
