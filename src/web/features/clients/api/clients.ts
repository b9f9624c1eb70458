import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientDetail, PortalClient, PortalClientList } from '@core/api/portals';
import { api } from '@web/lib/api-client';

/** A client of GET .../clients, and the page of them. */
export type ClientRow = PortalClient;
export type ClientPage = PortalClientList;

export type { ClientDetail } from '@core/api/portals';

export interface ClientUpdate {
  id: string;
  message: string;
  via: 'link' | 'code';
  createdAt: string;
  readAt: string | null;
}

export interface AccessLinkState {
  active: boolean;
  createdAt: string | null;
  lastUsedAt: string | null;
}

export interface ManualPositionValue {
  clientId: string;
  manualPosition: number | null;
}

const base = (portalId: string) => `/api/v1/portals/${encodeURIComponent(portalId)}`;
const clientBase = (portalId: string, clientId: string) => `${base(portalId)}/clients/${encodeURIComponent(clientId)}`;

/** Everything cached about one portal's data starts with this key (invalidate it after a change). */
export const portalDataKey = (portalId: string) => ['app', 'portal', portalId] as const;

export function clientsQueryOptions(portalId: string, params: { search: string; status: string; page: number; pageSize: number }) {
  return queryOptions({
    queryKey: [...portalDataKey(portalId), 'clients', params] as const,
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
      if (params.search) q.set('search', params.search);
      if (params.status) q.set('status', params.status);
      return api.get<ClientPage>(`${base(portalId)}/clients?${q.toString()}`, { signal });
    },
    placeholderData: (previous) => previous,
  });
}

export function clientDetailQueryOptions(portalId: string, clientId: string) {
  return queryOptions({
    queryKey: [...portalDataKey(portalId), 'client', clientId] as const,
    queryFn: ({ signal }) => api.get<ClientDetail>(clientBase(portalId, clientId), { signal }),
  });
}

export function clientUpdatesQueryOptions(portalId: string, clientId: string) {
  return queryOptions({
    queryKey: [...portalDataKey(portalId), 'client', clientId, 'updates'] as const,
    queryFn: ({ signal }) => api.get<{ updates: ClientUpdate[]; unread: number }>(`${clientBase(portalId, clientId)}/updates`, { signal }),
  });
}

export function accessLinkQueryOptions(portalId: string, clientId: string) {
  return queryOptions({
    queryKey: [...portalDataKey(portalId), 'client', clientId, 'access-link'] as const,
    queryFn: ({ signal }) => api.get<AccessLinkState>(`${clientBase(portalId, clientId)}/access-link`, { signal }),
  });
}

/** Makes a new access link (the old one stops working); the URL is returned only now. */
export function useRotateAccessLink(portalId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AccessLinkState & { url: string; token: string }>(`${clientBase(portalId, clientId)}/access-link`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessLinkQueryOptions(portalId, clientId).queryKey }),
  });
}

export function useRevokeAccessLink(portalId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<unknown>(`${clientBase(portalId, clientId)}/access-link`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessLinkQueryOptions(portalId, clientId).queryKey }),
  });
}

/** Sets (or with null clears) a client's place in the queue; resolves with the overrides to restore for undo. */
export function useSetQueuePosition(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, position }: { clientId: string; position: number | null }) =>
      api.put<{ previous: ManualPositionValue[] }>(`${clientBase(portalId, clientId)}/queue-position`, { position }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) }),
  });
}

export function useRestoreManualPositions(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (positions: ManualPositionValue[]) => api.put<{ previous: ManualPositionValue[] }>(`${base(portalId)}/manual-positions`, { positions }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) }),
  });
}

/** DELETE .../manual-positions: the whole queue back in automatic order; answers what to send to undo. */
export function useClearManualPositions(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<{ previous: ManualPositionValue[] }>(`${base(portalId)}/manual-positions`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) }),
  });
}

export interface RemovedClientPage extends Omit<ClientPage, 'clients'> {
  clients: (ClientRow & { removedAt: string | null })[];
}

/** Clients a sync removed (kept 30 days, restorable). */
export function removedClientsQueryOptions(portalId: string, page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...portalDataKey(portalId), 'removed-clients', page, pageSize] as const,
    queryFn: ({ signal }) =>
      api.get<RemovedClientPage>(`${base(portalId)}/clients?removed=true&page=${page}&pageSize=${pageSize}`, { signal }),
  });
}

/** Restores a removed client; resolves with what happens next (kept until the sheet changes, decision 0005). */
export function useRestoreClient(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => api.post<{ client: ClientRow; message: string }>(`${clientBase(portalId, clientId)}/restore`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) }),
  });
}
