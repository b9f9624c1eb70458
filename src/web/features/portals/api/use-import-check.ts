import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ColumnMapping } from '@core/columns';
import { api } from '@web/lib/api-client';
import { portalUrl } from './portal';
import { portalKey } from './portal-keys';
import type { ImportReport, Portal } from './types';

/** What the wizard's step 3 read: the sheet (address and tab), a new file, or the portal's kept file. */
export type CheckSource = { kind: 'sheet'; url: string; gid: string | null } | { kind: 'file'; file: File } | { kind: 'kept'; sha256: string };

/** How long the mapping must stay put before it is checked (each change of a select would otherwise read the data). */
export const CHECK_DELAY_MS = 400;

/** A stable number per File object, for the query key (a File is not serialisable). */
const fileIds = new WeakMap<File, number>();
let nextFileId = 1;
function fileId(file: File): number {
  let id = fileIds.get(file);
  if (id === undefined) {
    id = nextFileId++;
    fileIds.set(file, id);
  }
  return id;
}

function sourceKey(source: CheckSource): unknown[] {
  if (source.kind === 'sheet') return ['sheet', source.url, source.gid];
  if (source.kind === 'file') return ['file', fileId(source.file)];
  return ['kept', source.sha256];
}

/** The dry run of the import with this mapping: the same checks and counts as Finalize, nothing saved. */
function check(portalId: string, source: CheckSource, columnMapping: ColumnMapping, dateOrder: 'mdy' | 'dmy', signal: AbortSignal): Promise<ImportReport> {
  const base = portalUrl(portalId);
  if (source.kind === 'sheet') {
    return api
      .put<{ portal: Portal; sync: ImportReport }>(`${base}/source`, { type: 'google_sheet', sheetUrl: source.url, gid: source.gid, columnMapping, dateOrder, dryRun: true }, { signal })
      .then((r) => r.sync);
  }
  if (source.kind === 'file') {
    const q = new URLSearchParams({ columnMapping: JSON.stringify(columnMapping), dateOrder, dryRun: 'true' });
    return api.upload<ImportReport>('POST', `${base}/import?${q.toString()}`, source.file, 'text/csv', { signal });
  }
  return api.post<ImportReport>(`${base}/import/file/apply`, { columnMapping, dateOrder, dryRun: true, expectedSha256: source.sha256 }, { signal });
}

/**
 * Step 3's check: once the mapping (and date order) has stayed put for a moment, the data is read with it on the
 * server, as Finalize would, without saving: rows skipped and why, dates not read, a repeated client id, a large
 * drop. Only while the mapping can be finalized.
 */
export function useImportCheck(portalId: string, source: CheckSource | null, mapping: ColumnMapping, dateOrder: 'mdy' | 'dmy', enabled: boolean) {
  const wanted = JSON.stringify({ mapping, dateOrder });
  const [settled, setSettled] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(wanted), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const current = JSON.parse(settled) as { mapping: ColumnMapping; dateOrder: 'mdy' | 'dmy' };
  const query = useQuery({
    queryKey: [...portalKey(portalId), 'import-check', ...(source ? sourceKey(source) : []), settled],
    queryFn: ({ signal }) => check(portalId, source!, current.mapping, current.dateOrder, signal),
    enabled: enabled && source !== null,
    retry: false,
    staleTime: 30_000,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
  });
  /** Still waiting for the mapping to settle, or reading: the answer shown is not for the current mapping yet. */
  const pending = enabled && source !== null && (settled !== wanted || query.isFetching);
  return { ...query, pending };
}
