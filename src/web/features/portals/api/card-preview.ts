import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { ClientCard } from '@web/portal/api';
import { portalUrl } from './portal';
import { portalKey } from './portal-keys';

/** The public portal's card for one client, every part present (GET /api/v1/portals/{id}/card-preview). */
export interface PreviewCard {
  clientId: string;
  /** The same card the public portal shows (its type, from the portal's own API module). */
  card: ClientCard;
}

/** The Template Configurator's sample: a real client of the portal (the first by sheet row unless one is chosen). */
export function cardPreviewQueryOptions(portalId: string, clientId: string | null) {
  return queryOptions({
    queryKey: [...portalKey(portalId), 'card-preview', clientId ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get<PreviewCard>(`${portalUrl(portalId)}/card-preview${clientId ? `?clientId=${encodeURIComponent(clientId)}` : ''}`, { signal }),
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && (error as { status: number }).status === 404),
    placeholderData: (previous) => previous,
  });
}
