// The unchanged shortcut: a source byte for byte what the last applied sync read, with the same mapping and
// settings, and a current queue, is neither parsed nor written again.
import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { mappingConfidence, type ColumnMapping } from '@core/columns';
import { clients, portals, syncRuns } from '../../db/schema';
import type { SyncSource } from './prepare-sync';
import { applyRun } from './run-moves';
import { clearSyncProgress } from './sync-progress';
import { toSyncRunView } from './sync-run-view';
import type { SyncSession } from './sync-session';
import type { SyncResult } from './sync-types';
import { forgetUploads, keepUpload } from './uploaded-files';

/** JSON with object keys sorted, so a value read back from jsonb (which reorders keys) gives the same text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two syncs produce the same data: the source, its bytes, the mapping, date order and workload settings. */
export function sourceFingerprint(parts: { source: string; bytes: Uint8Array; mapping: unknown; dateOrder: string; workloadSettings: unknown }): string {
  return crypto
    .createHash('sha256')
    .update(`${parts.source}\u0000${stableJson(parts.mapping)}\u0000${parts.dateOrder}\u0000${stableJson(parts.workloadSettings)}\u0000`)
    .update(parts.bytes)
    .digest('base64url');
}

/** The fingerprint of `source` read with `mapping` and the portal's settings. */
export function fingerprintOf(s: SyncSession, source: SyncSource, mapping: unknown): string {
  return sourceFingerprint({ source: source.name, bytes: source.bytes, mapping, dateOrder: source.dateOrder, workloadSettings: s.portal.workloadSettings });
}

/**
 * Whether the shortcut applies: not a dry run or a newly connected sheet, the saved mapping used (an upload's own
 * mapping the same), no stale run settled just now (the portal row read may predate what that clean-up wrote), a
 * queue computed today, and the fingerprint the applied one's.
 */
export function isUnchanged(s: SyncSession, source: SyncSource, settledStale: boolean): boolean {
  const { input, portal } = s;
  const saved = portal.columnMapping as ColumnMapping | null;
  const sameMapping = saved !== null && (!input.upload?.mapping || stableJson(input.upload.mapping) === stableJson(saved));
  if (input.newSheet || input.dryRun || !sameMapping || settledStale || !portal.sourceFingerprint) return false;
  if (portal.queueComputedFor !== s.deps.clock.today(input.timeZone)) return false;
  return fingerprintOf(s, source, saved) === portal.sourceFingerprint;
}

/** Records an unchanged source's run with the last run's row counts, all unchanged; nothing is parsed or written. */
export async function applyUnchanged(s: SyncSession): Promise<SyncResult> {
  const { db, portal, input } = s;
  const runId = s.runId!;
  const file = await s.upload.stored();
  const [last] = await db
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.portalId, portal.id), eq(syncRuns.status, 'ok')))
    .orderBy(desc(syncRuns.startedAt))
    .limit(1);
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clients)
    .where(and(eq(clients.portalId, portal.id), sql`${clients.removedAt} is null`));
  const now = new Date();
  const saved = await db.transaction(async (tx) => {
    await tx
      .update(portals)
      .set({
        lastSyncedAt: now,
        lastAttemptAt: now,
        lastError: null,
        lastErrorAt: null,
        ...(s.isSheet ? { nextSyncAt: new Date(Date.now() + portal.syncIntervalMinutes * 60_000) } : {}),
        ...(input.upload?.setupMethod ? { setupMethod: input.upload.setupMethod } : {}),
      })
      .where(eq(portals.id, portal.id));
    // The same bytes as the applied file (perhaps under another name, or a held upload confirmed): kept as the
    // applied one. The same sheet: an upload held back meanwhile no longer applies.
    if (file) await keepUpload(tx, portal.id, 'applied', file);
    else if (s.isSheet) await forgetUploads(tx, portal.id);
    const run = await applyRun(tx, runId, 'running', {
      rowsRead: last?.rowsRead ?? active?.n ?? 0,
      unchanged: active?.n ?? 0,
      skipped: last?.skipped ?? 0,
      skippedRows: last?.skippedRows ?? [],
      warnings: last?.warnings ?? [],
    });
    // Ended by another meanwhile (the next holder of the lease): nothing of this run commits.
    if (!run) throw await s.leaseLost(tx);
    return run;
  });
  s.upload.kept = true;
  clearSyncProgress(runId);
  const mapping = (portal.columnMapping ?? {}) as ColumnMapping;
  return { run: toSyncRunView(saved), applied: true, headers: portal.detectedHeaders, columnMapping: mapping, previewRows: [], confidence: mappingConfidence(mapping) };
}
