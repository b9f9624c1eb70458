import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingView, CheckoutBody, RedirectAnswer } from '@core/api/billing';
import { meQueryKey as meKey } from '@web/features/auth/api/me';
import { api } from '@web/lib/api-client';

export const billingKey = ['billing'] as const;

/** GET /api/v1/billing: the plan, period, billing state, trial and grace ends, invoices. */
export function billingQueryOptions() {
  return queryOptions({ queryKey: billingKey, queryFn: ({ signal }) => api.get<BillingView>('/api/v1/billing', { signal }) });
}

/** Goes to a page of Stripe's (Checkout or the customer portal); the app's state follows from Stripe's webhooks. */
function goTo({ url }: RedirectAnswer) {
  window.location.assign(url);
}

/** POST /api/v1/billing/checkout, then Stripe Checkout. */
export function useCheckout() {
  return useMutation({ mutationFn: (body: CheckoutBody) => api.post<RedirectAnswer>('/api/v1/billing/checkout', body), onSuccess: goTo });
}

/** POST /api/v1/billing/portal, then Stripe's customer portal. */
export function useBillingPortal() {
  return useMutation({ mutationFn: () => api.post<RedirectAnswer>('/api/v1/billing/portal', {}), onSuccess: goTo });
}

/** The plan changes that answer the new billing view: it replaces the page's, and the plan the app reads is refetched. */
function useBillingChange<Args>(call: (args: Args) => Promise<BillingView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => {
      queryClient.setQueryData(billingKey, view);
      void queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}

/** POST /api/v1/billing/change: an upgrade at once, a downgrade at the end of the period. */
export function useChangePlan() {
  return useBillingChange((body: CheckoutBody) => api.post<BillingView>('/api/v1/billing/change', body));
}

/** DELETE /api/v1/billing/scheduled-change: keeps the current plan. */
export function useCancelScheduledChange() {
  return useBillingChange(() => api.del<BillingView>('/api/v1/billing/scheduled-change'));
}

/** POST /api/v1/billing/resume: a subscription cancelled at the period's end goes on. */
export function useResumeSubscription() {
  return useBillingChange(() => api.post<BillingView>('/api/v1/billing/resume', {}));
}
