import { queryOptions } from '@tanstack/react-query';
import type { AdminBusinessDetail, AdminBusinessList, CreatedBusiness, ReactivatedBusiness } from '@core/api/admin-businesses';
import type { Ok } from '@core/api/common';
import type { BusinessStatus } from '@core/business-status';
import type { PlanId } from '@core/plans';
import { api } from '@web/lib/api-client';

// Answer shapes inferred from the schemas the server validates them with.
export type { AdminBusiness, AdminBusinessDetail, AdminBusinessList } from '@core/api/admin-businesses';

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
  create: (input: BusinessInput) => api.post<CreatedBusiness>('/api/admin/businesses', input),
  update: (id: string, input: BusinessInput) => api.put<Ok>(`/api/admin/businesses/${encodeURIComponent(id)}`, input),
  setStatus: (id: string, status: BusinessStatus) => api.post<Ok>(`/api/admin/businesses/${encodeURIComponent(id)}/status`, { status }),
  reactivate: (id: string) => api.post<ReactivatedBusiness>(`/api/admin/businesses/${encodeURIComponent(id)}/reactivate`, {}),
  remove: (id: string) => api.del<Ok>(`/api/admin/businesses/${encodeURIComponent(id)}`),
  sendPasswordLink: (id: string) => api.post<Ok>(`/api/admin/businesses/${encodeURIComponent(id)}/password-link`, {}),
};
