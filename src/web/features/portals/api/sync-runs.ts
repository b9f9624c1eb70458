import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { portalUrl } from './portal';
import { portalKey } from './portal-keys';
import type { SyncRunList } from './types';

/**
 * GET /api/v1/portals/{portalId}/syncs: the sync history with errors. Polls every 2 s while a run is going (or
 * while `watching`, e.g. during an upload), so the progress of a large import shows; the one poll of the page.
 */
export function syncRunsQueryOptions(portalId: string, watching = false) {
  return queryOptions({
    queryKey: [...portalKey(portalId), 'syncs'] as const,
    queryFn: ({ signal }) => api.get<SyncRunList>(`${portalUrl(portalId)}/syncs`, { signal }),
    refetchInterval: (query) => (watching || query.state.data?.syncs.some((s) => s.status === 'running') ? 2000 : false),
  });
}
