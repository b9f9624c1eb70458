import { queryOptions } from '@tanstack/react-query';
import type { BillingState } from '@core/billing/billing-state';
import type { BusinessStatus } from '@core/business-status';
import type { PlanId } from '@core/plans';
import { api } from '@web/lib/api-client';


export interface AdminBusiness {
  id: string;
  companyName: string;
  ownerName: string;
  email: string;
  phone: string;
  plan: PlanId;
  status: BusinessStatus | string;
  portalCount: number;
  trialEndsAt: string | null;
  createdAt: string;
  /** The business's time zone: its dates are shown in it. */
  timeZone: string;
  /** Where it stands with paying (the list only). */
  billingState?: BillingState;
}

/** GET /api/admin/businesses */
export interface AdminBusinessList {
  businesses: AdminBusiness[];
  total: number;
  matching: number;
}

export interface AdminBusinessDetail extends AdminBusiness {
  /** While suspended: the status a reactivation returns to. */
  statusBeforeSuspension: BusinessStatus | null;
  updatedAt: string;
  lastSignInAt: string | null;
  activeSessions: number;
  hasPassword: boolean;
}

export interface BusinessInput {
  companyName: string;
  ownerName: string;
  email: string;
  phone: string;
  plan: PlanId;
  status: BusinessStatus;
  timeZone: string;
}

export interface BusinessFilter {
  search?: string;
  status?: BusinessStatus;
}

export const adminBusinessesQueryKey = ['admin', 'businesses'] as const;

export function adminBusinessesQueryOptions(filter: BusinessFilter = {}) {
  const params = new URLSearchParams();
  if (filter.search?.trim()) params.set('search', filter.search.trim());
  if (filter.status) params.set('status', filter.status);
  const qs = params.toString();
  return queryOptions({
    queryKey: [...adminBusinessesQueryKey, 'list', filter.search?.trim() ?? '', filter.status ?? 'all'] as const,
    queryFn: ({ signal }) => api.get<AdminBusinessList>(`/api/admin/businesses${qs ? `?${qs}` : ''}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function adminBusinessQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminBusinessesQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => api.get<AdminBusinessDetail>(`/api/admin/businesses/${encodeURIComponent(id)}`, { signal }),
  });
}

export const businessApi = {
  create: (input: BusinessInput) => api.post<{ id: string; mailed: boolean }>('/api/admin/businesses', input),
  update: (id: string, input: BusinessInput) => api.put<{ ok: true }>(`/api/admin/businesses/${encodeURIComponent(id)}`, input),
  setStatus: (id: string, status: BusinessStatus) => api.post<{ ok: true }>(`/api/admin/businesses/${encodeURIComponent(id)}/status`, { status }),
  reactivate: (id: string) => api.post<{ status: BusinessStatus }>(`/api/admin/businesses/${encodeURIComponent(id)}/reactivate`, {}),
  remove: (id: string) => api.del<{ ok: true }>(`/api/admin/businesses/${encodeURIComponent(id)}`),
  sendPasswordLink: (id: string) => api.post<{ ok: true }>(`/api/admin/businesses/${encodeURIComponent(id)}/password-link`, {}),
  impersonate: (id: string) => api.post<{ redirectTo: string; expiresInSeconds: number }>(`/api/admin/businesses/${encodeURIComponent(id)}/impersonate`, {}),
};
