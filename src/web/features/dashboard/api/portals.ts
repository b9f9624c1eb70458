import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { api } from '@web/lib/api-client';

/** The fields of GET /api/v1/portals the business app reads. */
export interface AppPortal {
  portalId: string;
  name: string;
  portalPath: string;
  clientCount: number;
  source: { type: 'google_sheet' | 'csv_upload' | 'none'; sheetUrl: string | null };
  sync: { lastSyncedAt: string | null; running: boolean; lastError: string | null };
  config: Record<string, unknown> & { companyName?: string };
  workloadSettings: Record<string, unknown>;
}

export interface AppPortalList {
  portals: AppPortal[];
  total: number;
  plan: { id: string; name: string; portalLimit: number | null };
}

export const appPortalsQueryKey = ['app', 'portals'] as const;

export function appPortalsQueryOptions() {
  return queryOptions({
    queryKey: appPortalsQueryKey,
    queryFn: ({ signal }) => api.get<AppPortalList>('/api/v1/portals', { signal }),
  });
}

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
  const query = useQuery(appPortalsQueryOptions());
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
