import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { portalKey } from './portal-keys';
import type { PortalDetail } from './types';

export const portalUrl = (portalId: string) => `/api/v1/portals/${encodeURIComponent(portalId)}`;

/** GET /api/v1/portals/{portalId}: source, sync state, configuration, latest run, kept uploads. */
export function portalQueryOptions(portalId: string) {
  return queryOptions({
    queryKey: [...portalKey(portalId), 'detail'] as const,
    queryFn: ({ signal }) => api.get<PortalDetail>(portalUrl(portalId), { signal }),
  });
}
