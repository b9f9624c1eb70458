import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientDetail, PortalClient, PortalClientList } from '@core/api/portals';
import type {
  AccessLinkState,
  BulkClientsAnswer,
  ClientUpdateList,
  CreatedAccessLink,
  ManagedClientAnswer,
  ManualPositionValue,
  PreviousPositions,
  RestoredClient,
} from '@core/api/clients';
import { api } from '@web/lib/api-client';
import { portalsKey } from '@web/features/portals/api/portal-keys';

/** A client of GET .../clients, and the page of them. */
export type ClientRow = PortalClient;
export type ClientPage = PortalClientList;

export type { ClientDetail } from '@core/api/portals';
export type { AccessLinkState, ClientUpdate, ManualPositionValue } from '@core/api/clients';

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
    queryFn: ({ signal }) => api.get<ClientUpdateList>(`${clientBase(portalId, clientId)}/updates`, { signal }),
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
    mutationFn: () => api.post<CreatedAccessLink>(`${clientBase(portalId, clientId)}/access-link`, {}),
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
      api.put<PreviousPositions>(`${clientBase(portalId, clientId)}/queue-position`, { position }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) }),
  });
}

export function useRestoreManualPositions(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (positions: ManualPositionValue[]) => api.put<PreviousPositions>(`${base(portalId)}/manual-positions`, { positions }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) }),
  });
}

/** DELETE .../manual-positions: the whole queue back in automatic order; answers what to send to undo. */
export function useClearManualPositions(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<PreviousPositions>(`${base(portalId)}/manual-positions`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) }),
  });
}

/** GET .../clients?removed=true: the same page, each client with the time it was removed. */
export type RemovedClientPage = ClientPage;

/** Clients a sync removed (kept 30 days, restorable). */
export function removedClientsQueryOptions(portalId: string, page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...portalDataKey(portalId), 'removed-clients', page, pageSize] as const,
    queryFn: ({ signal }) =>
      api.get<RemovedClientPage>(`${base(portalId)}/clients?removed=true&page=${page}&pageSize=${pageSize}`, { signal }),
  });
}

/** Restores a removed client; resolves with what happens next (kept until the sheet changes, decision 0022). */
export function useRestoreClient(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => api.post<RestoredClient>(`${clientBase(portalId, clientId)}/restore`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) }),
  });
}

/** A client's fields as Client Management writes them on a portal managed in StatusLink (issue 22). */
export interface ManagedClientInput {
  name: string;
  email: string;
  status: string;
  priority: string;
  dueDate: string | null;
  notes: string;
}

/** Adds a client (POST; `clientId` optional) or replaces one (PUT) on a managed portal. */
export function useSaveManagedClient(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, isNew, fields }: { clientId: string; isNew: boolean; fields: ManagedClientInput }) =>
      isNew
        ? api.post<ManagedClientAnswer>(`${base(portalId)}/clients`, clientId ? { clientId, ...fields } : fields)
        : api.put<ManagedClientAnswer>(clientBase(portalId, clientId), fields),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) }),
  });
}

/** Removes a client of a managed portal (restorable 30 days). */
export function useDeleteManagedClient(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => api.del<ManagedClientAnswer>(clientBase(portalId, clientId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) }),
  });
}

/** One status for the clients given, in one all-or-nothing request (POST .../clients/bulk). */
export function useBulkStatus(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, status }: { rows: ClientRow[]; status: string }) =>
      api.post<BulkClientsAnswer>(`${base(portalId)}/clients/bulk`, {
        clients: rows.map((c) => ({ clientId: c.clientId, name: c.name, email: c.email, status, priority: c.priority, dueDate: c.dueDate, notes: c.notes })),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) }),
  });
}

/** PUT .../source { type: 'managed' }: the portal's clients are kept in StatusLink from now on. */
export function useManageInStatusLink(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<unknown>(`${base(portalId)}/source`, { type: 'managed' }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: portalsKey });
      await queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) });
    },
  });
}
