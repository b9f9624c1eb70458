import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientMessages, InvitationResult, NotificationPreview, NotificationSummary, NotificationTestSent, SmsConsentView, NotificationSettingsView, SaveNotificationSettings } from '@core/api/notifications';
import type { NotificationSettings } from '@core/notification-settings';
import { api } from '@web/lib/api-client';
import { portalDataKey } from '@web/features/clients/api/clients';

export type { ClientMessage, ClientMessages, InvitationResult, NotificationPreview, NotificationSettingsView, SmsConsentView } from '@core/api/notifications';

const base = (portalId: string) => `/api/v1/portals/${encodeURIComponent(portalId)}`;

/** GET .../notification-settings */
export function notificationSettingsQueryOptions(portalId: string) {
  return queryOptions({
    queryKey: ['app', 'notification-settings', portalId] as const,
    queryFn: ({ signal }) => api.get<NotificationSettingsView>(`${base(portalId)}/notification-settings`, { signal }),
  });
}

/** PUT .../notification-settings */
export function useSaveNotificationSettings(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveNotificationSettings) => api.put<NotificationSettingsView>(`${base(portalId)}/notification-settings`, body),
    onSuccess: (view) => queryClient.setQueryData(notificationSettingsQueryOptions(portalId).queryKey, view),
  });
}

export interface PreviewRequest {
  settings: NotificationSettings;
  kind: 'update' | 'invitation';
  status?: string;
}

/** POST .../notification-settings/preview (the draft as it is on the page; cached per draft). */
export function notificationPreviewQueryOptions(portalId: string, request: PreviewRequest) {
  return queryOptions({
    queryKey: ['app', 'notification-preview', portalId, request] as const,
    queryFn: ({ signal }) => api.post<NotificationPreview>(`${base(portalId)}/notification-settings/preview`, request, { signal }),
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** POST .../notification-settings/test: the preview to the owner's own address. */
export function useSendTestNotification(portalId: string) {
  return useMutation({
    mutationFn: (request: PreviewRequest) => api.post<NotificationTestSent>(`${base(portalId)}/notification-settings/test`, request),
  });
}

/** POST .../invitations */
export function useInviteClients(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientIds?: string[]; all?: boolean; rotateLinks?: boolean }) => api.post<InvitationResult>(`${base(portalId)}/invitations`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalDataKey(portalId) }),
  });
}

/** GET .../clients/{clientId}/messages */
export function clientMessagesQueryOptions(portalId: string, clientId: string) {
  return queryOptions({
    queryKey: [...portalDataKey(portalId), 'client', clientId, 'messages'] as const,
    queryFn: ({ signal }) => api.get<ClientMessages>(`${base(portalId)}/clients/${encodeURIComponent(clientId)}/messages`, { signal }),
  });
}

/** GET .../clients/{clientId}/sms-consent: the client's number for texts and their consent. */
export function smsConsentQueryOptions(portalId: string, clientId: string) {
  return queryOptions({
    queryKey: [...portalDataKey(portalId), 'client', clientId, 'sms-consent'] as const,
    queryFn: ({ signal }) => api.get<SmsConsentView>(`${base(portalId)}/clients/${encodeURIComponent(clientId)}/sms-consent`, { signal }),
  });
}

/** PUT .../clients/{clientId}/sms-consent: the owner records (or withdraws) the client's consent to texts. */
export function useSetSmsConsent(portalId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consented: boolean) => api.put<SmsConsentView>(`${base(portalId)}/clients/${encodeURIComponent(clientId)}/sms-consent`, { consented }),
    onSuccess: (view) => queryClient.setQueryData(smsConsentQueryOptions(portalId, clientId).queryKey, view),
  });
}

/** GET /api/v1/notifications/summary: the dashboard's "updates sent this month". */
export function notificationSummaryQueryOptions() {
  return queryOptions({
    queryKey: ['app', 'notification-summary'] as const,
    queryFn: ({ signal }) => api.get<NotificationSummary>('/api/v1/notifications/summary', { signal }),
  });
}
