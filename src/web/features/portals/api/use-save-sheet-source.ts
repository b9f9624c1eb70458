import { useMutation } from '@tanstack/react-query';
import type { ColumnMapping } from '@core/columns';
import { api } from '@web/lib/api-client';
import { portalUrl } from './portal';
// With a sheet the answer always carries its sync (null only when the clients become managed).
import type { ImportReport, SavedSource } from './types';
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
      api.put<SavedSource & { sync: ImportReport }>(`${portalUrl(portalId)}/source`, { type: 'google_sheet', setupMethod: 'import', ...input }),
    onSettled: invalidate,
  });
}
