import { useMutation } from '@tanstack/react-query';
import type { ColumnMapping } from '@core/columns';
import { api } from '@web/lib/api-client';
import { portalUrl } from './portal';
import type { ImportReport, SheetAnalysis } from './types';
import { useInvalidatePortal } from './use-invalidate-portal';

/** Which kept upload: the one the portal data comes from, or the one held back for its large drop. */
export type KeptFileSlot = 'applied' | 'held';

/** GET .../import/file: downloads a kept upload (a plain link: the session cookie goes with it). */
export const keptFileUrl = (portalId: string, slot: KeptFileSlot = 'applied') =>
  `${portalUrl(portalId)}/import/file${slot === 'held' ? '?slot=held' : ''}`;

/** POST .../import/file/analyze: reads the portal's kept file again and suggests a mapping (saves nothing). */
export function useAnalyzeKeptFile(portalId: string) {
  return useMutation({
    mutationFn: () => api.post<SheetAnalysis>(`${portalUrl(portalId)}/import/file/analyze`, {}),
  });
}

export interface ApplyKeptFileInput {
  slot?: KeptFileSlot;
  columnMapping?: ColumnMapping;
  dateOrder?: 'mdy' | 'dmy';
  confirmDrop?: boolean;
  /** The file as shown: the server refuses (409 file_changed) if another one is kept now. */
  expectedSha256?: string;
}

/** POST .../import/file/apply: imports a kept file again (a new mapping, or a held upload confirmed). */
export function useApplyKeptFile(portalId: string) {
  const invalidate = useInvalidatePortal(portalId);
  return useMutation({
    mutationFn: (input: ApplyKeptFileInput) => api.post<ImportReport>(`${portalUrl(portalId)}/import/file/apply`, input),
    onSettled: invalidate,
  });
}
