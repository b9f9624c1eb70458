import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminBusinessesQueryKey,
  adminBusinessesQueryOptions,
  adminBusinessQueryOptions,
  businessApi,
  type BusinessFilter,
  type BusinessInput,
} from './businesses';
import type { BusinessStatus } from '@core/business-status';
import { adminDashboardQueryKey } from './dashboard';

/** The platform's businesses, for the back office. */
export function useAdminBusinesses(filter: BusinessFilter = {}) {
  return useQuery(adminBusinessesQueryOptions(filter));
}

export function useAdminBusiness(id: string | null) {
  return useQuery({ ...adminBusinessQueryOptions(id ?? ''), enabled: id !== null });
}

/** Add, edit, activate/suspend/reactivate, delete and password link; each refreshes the lists and the dashboard. */
export function useBusinessMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminBusinessesQueryKey }),
      queryClient.invalidateQueries({ queryKey: adminDashboardQueryKey }),
    ]);
  return {
    create: useMutation({ mutationFn: (input: BusinessInput) => businessApi.create(input), onSuccess: refresh }),
    update: useMutation({ mutationFn: (v: { id: string; input: BusinessInput }) => businessApi.update(v.id, v.input), onSuccess: refresh }),
    setStatus: useMutation({ mutationFn: (v: { id: string; status: BusinessStatus }) => businessApi.setStatus(v.id, v.status), onSuccess: refresh }),
    reactivate: useMutation({ mutationFn: (id: string) => businessApi.reactivate(id), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => businessApi.remove(id), onSuccess: refresh }),
    sendPasswordLink: useMutation({ mutationFn: (id: string) => businessApi.sendPasswordLink(id) }),
  };
}
