import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMessagePage, InboxStatus, WaitlistPage } from '@core/api/admin';
import type { Ok } from '@core/api/common';
import { api } from '@web/lib/api-client';

// Answer shapes inferred from the schemas the server validates them with.
export type { ContactMessage, InboxStatus, WaitlistEntry } from '@core/api/admin';

const key = ['admin', 'inbox'] as const;
const qs = (status?: InboxStatus) => (status ? `?status=${status}` : '');

export function contactMessagesQueryOptions(status?: InboxStatus) {
  return queryOptions({
    queryKey: [...key, 'contact', status ?? 'all'] as const,
    queryFn: ({ signal }) => api.get<ContactMessagePage>(`/api/admin/inbox/contact${qs(status)}`, { signal }),
  });
}

export function waitlistQueryOptions(status?: InboxStatus) {
  return queryOptions({
    queryKey: [...key, 'waitlist', status ?? 'all'] as const,
    queryFn: ({ signal }) => api.get<WaitlistPage>(`/api/admin/inbox/waitlist${qs(status)}`, { signal }),
  });
}

export const useContactMessages = (status?: InboxStatus) => useQuery(contactMessagesQueryOptions(status));
export const useWaitlist = (status?: InboxStatus) => useQuery(waitlistQueryOptions(status));

export function useSetInboxStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: 'contact' | 'waitlist'; id: string; status: InboxStatus }) =>
      api.patch<Ok>(`/api/admin/inbox/${v.kind}/${encodeURIComponent(v.id)}`, { status: v.status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
