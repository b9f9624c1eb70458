import { queryOptions, useMutation } from '@tanstack/react-query';
import type { BillingView, CheckoutBody } from '@core/api/billing';
import { api } from '@web/lib/api-client';

export const billingKey = ['billing'] as const;

/** GET /api/v1/billing: the plan, period, billing state, trial and grace ends, invoices. */
export function billingQueryOptions() {
  return queryOptions({ queryKey: billingKey, queryFn: ({ signal }) => api.get<BillingView>('/api/v1/billing', { signal }) });
}

/** Goes to a page of Stripe's (Checkout or the customer portal); the app's state follows from Stripe's webhooks. */
function goTo({ url }: { url: string }) {
  window.location.assign(url);
}

/** POST /api/v1/billing/checkout, then Stripe Checkout. */
export function useCheckout() {
  return useMutation({ mutationFn: (body: CheckoutBody) => api.post<{ url: string }>('/api/v1/billing/checkout', body), onSuccess: goTo });
}

/** POST /api/v1/billing/portal, then Stripe's customer portal. */
export function useBillingPortal() {
  return useMutation({ mutationFn: () => api.post<{ url: string }>('/api/v1/billing/portal', {}), onSuccess: goTo });
}
