import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyList, ApiKeyView, CreateApiKeyBody, CreatedApiKey } from '@core/api/api-keys';
import { api } from '@web/lib/api-client';

export const apiKeysKey = ['api-keys'] as const;

/** GET /api/v1/api-keys: the business's keys (never the keys themselves). */
export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeysKey,
    queryFn: ({ signal }) => api.get<ApiKeyList>('/api/v1/api-keys', { signal }),
  });
}

/** POST /api/v1/api-keys: the answer holds the key, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.post<CreatedApiKey>('/api/v1/api-keys', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** DELETE /api/v1/api-keys/{id} */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del<ApiKeyView>(`/api/v1/api-keys/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
