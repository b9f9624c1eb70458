import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplateList, RenderedPreview, TemplateTestSent } from '@core/api/admin';
import type { Ok } from '@core/api/common';
import { api } from '@web/lib/api-client';

// Answer shapes inferred from the schemas the server validates them with.
export type { EmailTemplate, RenderedPreview } from '@core/api/admin';

export interface TemplateDraft {
  subject: string;
  body: string;
}

const key = ['admin', 'email-templates'] as const;

export function emailTemplatesQueryOptions() {
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api.get<EmailTemplateList>('/api/admin/email-templates', { signal }),
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
    save: useMutation({ mutationFn: (v: { key: string; draft: TemplateDraft }) => api.put<Ok>(path(v.key), v.draft), onSuccess: refresh }),
    reset: useMutation({ mutationFn: (k: string) => api.del<Ok>(path(k)), onSuccess: refresh }),
    preview: useMutation({ mutationFn: (v: { key: string; draft: TemplateDraft }) => api.post<RenderedPreview>(`${path(v.key)}/preview`, v.draft) }),
    test: useMutation({ mutationFn: (v: { key: string; draft: TemplateDraft }) => api.post<TemplateTestSent>(`${path(v.key)}/test`, v.draft) }),
  };
}
