import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { portalUrl } from './portal';
import type { SheetAnalysis } from './types';

/** POST .../source/analyze: reads a Google Sheet and suggests a mapping (saves nothing). */
export function useAnalyzeSheet(portalId: string) {
  return useMutation({
    mutationFn: (input: { sheetUrl: string; gid?: string | null }) => api.post<SheetAnalysis>(`${portalUrl(portalId)}/source/analyze`, input),
  });
}
