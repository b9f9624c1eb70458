import { useMutation } from '@tanstack/react-query';
import { postCsv } from './csv-request';
import { portalUrl } from './portal';
import type { SheetAnalysis } from './types';

/** POST .../import/analyze: reads a CSV file and suggests a mapping (saves nothing). */
export function useAnalyzeCsv(portalId: string) {
  return useMutation({
    mutationFn: (file: Blob | string) => postCsv<SheetAnalysis>(`${portalUrl(portalId)}/import/analyze`, file),
  });
}
