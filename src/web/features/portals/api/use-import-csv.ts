import { useMutation } from '@tanstack/react-query';
import type { ColumnMapping } from '@core/columns';
import { api } from '@web/lib/api-client';
import { portalUrl } from './portal';
import type { ImportReport } from './types';
import { useInvalidatePortal } from './use-invalidate-portal';

export interface ImportCsvInput {
  file: Blob | string;
  columnMapping?: ColumnMapping;
  dateOrder?: 'mdy' | 'dmy';
  setupMethod?: 'import' | 'template';
  confirmDrop?: boolean;
  /** Kept with the file (shown on the Data Source card and used for its download); a File's own name by default. */
  fileName?: string;
}

/** POST .../import with the file as text/csv: imports it as the portal's data. */
export function useImportCsv(portalId: string) {
  const invalidate = useInvalidatePortal(portalId);
  return useMutation({
    mutationFn: (input: ImportCsvInput) => {
      const q = new URLSearchParams();
      if (input.columnMapping) q.set('columnMapping', JSON.stringify(input.columnMapping));
      if (input.dateOrder) q.set('dateOrder', input.dateOrder);
      if (input.setupMethod) q.set('setupMethod', input.setupMethod);
      if (input.confirmDrop) q.set('confirmDrop', 'true');
      const fileName = input.fileName ?? (input.file instanceof File ? input.file.name : undefined);
      if (fileName) q.set('fileName', fileName);
      return api.upload<ImportReport>('POST', `${portalUrl(portalId)}/import?${q.toString()}`, input.file, 'text/csv');
    },
    onSettled: invalidate,
  });
}

/** Where the template CSV downloads from (GET, session cookie). */
export const templateCsvPath = '/api/v1/portals/template.csv';
