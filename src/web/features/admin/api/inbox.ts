import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export type InboxStatus = 'new' | 'handled';

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  interest: string;
  message: string;
  status: InboxStatus;
  createdAt: string;
  handledAt: string | null;
}

export interface WaitlistEntry {
  id: string;
  email: string;
  feature: string;
  status: InboxStatus;
  createdAt: string;
}

interface Page<T> {
  items: T[];
  total: number;
  newCount: number;
}

const key = ['admin', 'inbox'] as const;
const qs = (status?: InboxStatus) => (status ? `?status=${status}` : '');

export function contactMessagesQueryOptions(status?: InboxStatus) {
  return queryOptions({
    queryKey: [...key, 'contact', status ?? 'all'] as const,
    queryFn: ({ signal }) => api.get<Page<ContactMessage>>(`/api/admin/inbox/contact${qs(status)}`, { signal }),
  });
}

export function waitlistQueryOptions(status?: InboxStatus) {
  return queryOptions({
    queryKey: [...key, 'waitlist', status ?? 'all'] as const,
    queryFn: ({ signal }) => api.get<Page<WaitlistEntry>>(`/api/admin/inbox/waitlist${qs(status)}`, { signal }),
  });
}

export const useContactMessages = (status?: InboxStatus) => useQuery(contactMessagesQueryOptions(status));
export const useWaitlist = (status?: InboxStatus) => useQuery(waitlistQueryOptions(status));

export function useSetInboxStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: 'contact' | 'waitlist'; id: string; status: InboxStatus }) =>
      api.patch<{ ok: true }>(`/api/admin/inbox/${v.kind}/${encodeURIComponent(v.id)}`, { status: v.status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
