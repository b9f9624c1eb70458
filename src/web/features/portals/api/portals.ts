import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { portalsKey } from './portal-keys';
import type { PortalList } from './types';

/** GET /api/v1/portals: the business's portals and what its plan still allows. */
export function portalsQueryOptions() {
  return queryOptions({
    queryKey: portalsKey,
    queryFn: ({ signal }) => api.get<PortalList>('/api/v1/portals', { signal }),
  });
}
