import { useMutation } from '@tanstack/react-query';
import type { ColumnMapping } from '@core/columns';
import { api } from '@web/lib/api-client';
import { portalUrl } from './portal';
import type { SavedSheetSource } from './types';
import { useInvalidatePortal } from './use-invalidate-portal';

export interface SaveSheetInput {
  sheetUrl: string;
  gid: string | null;
  columnMapping: ColumnMapping;
  dateOrder: 'mdy' | 'dmy';
  confirmDrop?: boolean;
}

/** PUT .../source: connects the sheet with its mapping and syncs it (saved only when that sync applies). */
export function useSaveSheetSource(portalId: string) {
  const invalidate = useInvalidatePortal(portalId);
  return useMutation({
    mutationFn: (input: SaveSheetInput) =>
      api.put<SavedSheetSource>(`${portalUrl(portalId)}/source`, { type: 'google_sheet', setupMethod: 'import', ...input }),
    onSettled: invalidate,
  });
}
