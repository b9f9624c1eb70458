import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookBody, CreatedWebhook, TestDelivery, UpdateWebhookBody, WebhookDeliveryList, WebhookDeliveryView, WebhookEndpointView, WebhookList } from '@core/api/webhooks';
import { api } from '@web/lib/api-client';

export const webhooksKey = ['webhooks'] as const;
export const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;
const base = (id: string) => `/api/v1/webhooks/${encodeURIComponent(id)}`;

/** GET /api/v1/webhooks */
export function webhooksQueryOptions() {
  return queryOptions({ queryKey: webhooksKey, queryFn: ({ signal }) => api.get<WebhookList>('/api/v1/webhooks', { signal }) });
}

/** GET /api/v1/webhooks/{id}/deliveries: the latest 25, refreshed while any is still being tried. */
export function deliveriesQueryOptions(id: string) {
  return queryOptions({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) => api.get<WebhookDeliveryList>(`${base(id)}/deliveries?limit=25`, { signal }),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.state === 'pending') ? 3000 : false),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksKey });
}

/** POST /api/v1/webhooks: the answer holds the signing secret, shown once. */
export function useCreateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: CreateWebhookBody) => api.post<CreatedWebhook>('/api/v1/webhooks', body), onSettled: invalidate });
}

/** PATCH /api/v1/webhooks/{id} */
export function useUpdateWebhook(id: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: UpdateWebhookBody) => api.patch<WebhookEndpointView>(base(id), body), onSettled: invalidate });
}

/** DELETE /api/v1/webhooks/{id} */
export function useDeleteWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.del<null>(base(id)), onSettled: invalidate });
}

/** POST /api/v1/webhooks/{id}/rotate-secret */
export function useRotateSecret(id: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: () => api.post<CreatedWebhook>(`${base(id)}/rotate-secret`, { overlapHours: 24 }), onSettled: invalidate });
}

/** POST /api/v1/webhooks/{id}/test */
export function useSendTest(id: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: () => api.post<TestDelivery>(`${base(id)}/test`, {}), onSettled: invalidate });
}

/** POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend */
export function useResendDelivery(id: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (deliveryId: string) => api.post<WebhookDeliveryView>(`${base(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, {}), onSettled: invalidate });
}
