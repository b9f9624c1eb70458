import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ColumnMapping } from '@core/columns';
import { api } from '@web/lib/api-client';
import { portalUrl } from './portal';
import type { ImportReport, SavedSheetSource } from './types';

/** What the wizard's step 3 read: the sheet (address and tab), a new file, or the portal's kept file. */
export type CheckSource = { kind: 'sheet'; url: string; gid: string | null } | { kind: 'file'; file: File } | { kind: 'kept'; sha256: string };

/** How long the mapping must stay put before it is checked (each change of a select would otherwise read the data). */
export const CHECK_DELAY_MS = 400;

/** A stable number per object (a File, an analysis), for the query key: neither is serialisable. */
const objectIds = new WeakMap<object, number>();
let nextObjectId = 1;
function objectId(value: object): number {
  let id = objectIds.get(value);
  if (id === undefined) {
    id = nextObjectId++;
    objectIds.set(value, id);
  }
  return id;
}

function sourceKey(source: CheckSource): unknown[] {
  if (source.kind === 'sheet') return ['sheet', source.url, source.gid];
  if (source.kind === 'file') return ['file', objectId(source.file)];
  return ['kept', source.sha256];
}

/** The dry run of the import with this mapping: the same checks and counts as Finalize, nothing saved. */
function check(portalId: string, source: CheckSource, columnMapping: ColumnMapping, dateOrder: 'mdy' | 'dmy', signal: AbortSignal): Promise<ImportReport> {
  const base = portalUrl(portalId);
  if (source.kind === 'sheet') {
    return api
      .put<SavedSheetSource>(`${base}/source`, { type: 'google_sheet', sheetUrl: source.url, gid: source.gid, columnMapping, dateOrder, dryRun: true }, { signal })
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
 * drop. Only while the mapping can be finalized, and only with the mapping settled (never with the one before).
 * `read` is the analysis the step shows: analysed again (the sheet fixed meanwhile), it is checked again too.
 */
export function useImportCheck(portalId: string, source: CheckSource | null, read: object | null, mapping: ColumnMapping, dateOrder: 'mdy' | 'dmy', enabled: boolean) {
  const wanted = JSON.stringify({ mapping, dateOrder });
  const [settled, setSettled] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(wanted), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const current = JSON.parse(settled) as { mapping: ColumnMapping; dateOrder: 'mdy' | 'dmy' };
  const active = enabled && source !== null && settled === wanted;
  // Not under the portal's key: a Finalize that fails refreshes the portal, and must not send the file again.
  const query = useQuery({
    queryKey: ['app', 'import-check', portalId, ...(source ? sourceKey(source) : []), read ? objectId(read) : 0, settled],
    queryFn: ({ signal }) => check(portalId, source!, current.mapping, current.dateOrder, signal),
    enabled: active,
    retry: false,
    staleTime: Infinity,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
  });
  /** Waiting for the mapping to settle, or reading: no answer for the current mapping yet. */
  const pending = enabled && source !== null && (!active || query.isFetching);
  return { ...query, pending, again: () => void query.refetch() };
}
