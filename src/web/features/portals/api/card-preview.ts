import { queryOptions } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { PreviewCard } from '@core/api/clients';
import { portalUrl } from './portal';
import { portalKey } from './portal-keys';

export type { PreviewCard } from '@core/api/clients';

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
