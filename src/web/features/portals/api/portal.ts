import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { portalKey } from './portal-keys';
import type { Portal } from './types';

export const portalUrl = (portalId: string) => `/api/v1/portals/${encodeURIComponent(portalId)}`;

/** GET /api/v1/portals/{portalId}: source, sync state, configuration. */
export function portalQueryOptions(portalId: string) {
  return queryOptions({
    queryKey: [...portalKey(portalId), 'detail'] as const,
    queryFn: ({ signal }) => api.get<Portal>(portalUrl(portalId), { signal }),
  });
}
