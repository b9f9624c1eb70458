import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export interface EmailTemplate {
  key: string;
  name: string;
  description: string;
  placeholders: string[];
  subject: string;
  body: string;
  isDefault: boolean;
  updatedAt: string | null;
}

export interface RenderedPreview {
  subject: string;
  text: string;
  html: string;
  unknownPlaceholders: string[];
}

export interface TemplateDraft {
  subject: string;
  body: string;
}

const key = ['admin', 'email-templates'] as const;

export function emailTemplatesQueryOptions() {
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api.get<{ templates: EmailTemplate[] }>('/api/admin/email-templates', { signal }),
  });
}

export function useEmailTemplates() {
  return useQuery(emailTemplatesQueryOptions());
}

const path = (k: string) => `/api/admin/email-templates/${encodeURIComponent(k)}`;

export function useEmailTemplateMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    save: useMutation({ mutationFn: (v: { key: string; draft: TemplateDraft }) => api.put<{ ok: true }>(path(v.key), v.draft), onSuccess: refresh }),
    reset: useMutation({ mutationFn: (k: string) => api.del<{ ok: true }>(path(k)), onSuccess: refresh }),
    preview: useMutation({ mutationFn: (v: { key: string; draft: TemplateDraft }) => api.post<RenderedPreview>(`${path(v.key)}/preview`, v.draft) }),
    test: useMutation({ mutationFn: (v: { key: string; draft: TemplateDraft }) => api.post<{ sentTo: string }>(`${path(v.key)}/test`, v.draft) }),
  };
}
