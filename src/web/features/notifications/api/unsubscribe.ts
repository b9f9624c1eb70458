import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnsubscribeStatus } from '@core/api/notifications';
import { api } from '@web/lib/api-client';

const url = (token: string) => `/api/public/unsubscribe?t=${encodeURIComponent(token)}`;

/** GET /api/public/unsubscribe?t=: whose updates the link is for, and whether they are on. */
export function unsubscribeStatusQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['public', 'unsubscribe', token] as const,
    queryFn: ({ signal }) => api.get<UnsubscribeStatus>(url(token), { signal }),
    retry: false,
  });
}

/** Turns e-mail updates off (POST, as the one-click link does) or on again (PUT). */
export function useSetEmailUpdates(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => (subscribed ? api.put<UnsubscribeStatus>(url(token), { subscribed: true }) : api.post<UnsubscribeStatus>(url(token), {})),
    onSuccess: (status) => queryClient.setQueryData(unsubscribeStatusQueryOptions(token).queryKey, status),
  });
}
