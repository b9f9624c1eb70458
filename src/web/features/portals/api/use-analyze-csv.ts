import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { portalUrl } from './portal';
import type { SheetAnalysis } from './types';

/** POST .../import/analyze: reads a CSV file and suggests a mapping (saves nothing). */
export function useAnalyzeCsv(portalId: string) {
  return useMutation({
    mutationFn: (file: Blob | string) => api.upload<SheetAnalysis>('POST', `${portalUrl(portalId)}/import/analyze`, file, 'text/csv'),
  });
}
