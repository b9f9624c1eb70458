import crypto from 'node:crypto';
import type { ClientRow } from './client-columns';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ColumnMapping } from '@core/columns';
import { computeQueue, type EstimateContext, type QueueEntry } from '@core/estimate';
import * as hashing from '@core/sync/content-hash';
import { dedupeByEmail, duplicateIdError } from '@core/sync/dedupe';
import { identifyClients, type IdentifiedClients } from '@core/sync/identity';
import { queueChange, figuresOf, type QueueWrite } from '@core/sync/queue-diff';
import { droppedSkips, joinReads, readSlice, unreadableDatesWarning, type SheetRead } from '@core/sync/read-rows';
import { removalsOf } from '@core/sync/removal';
import { holdsStored, outcomeOf, restoredToKeep, type IncomingClient } from '@core/sync/restore';
import { listSkipped } from '@core/sync/skipped-rows';
import type { StoredClient } from '@core/sync/stored-client';
import { importSheetRows, type DateOrder, type ImportedClient } from '@core/sheet-values';
import { normalizeEmail } from '@core/validation/email';
import { normalizeName } from '@core/validation/portal-search';
import type { SkippedRow } from '../../db/schema';
import type { ParsedSheet } from './parse-csv';

// The sync's plan: core's rules (src/core/sync) composed over a sheet, in slices with a yield between them so a
// large sheet does not hold the event loop. Nothing here decides; it reads, hashes (MD5) and assembles.

/** What the plan needs to know about a client already stored (core's StoredClient). */
export type ExistingClient = StoredClient;

/** A client row as written. */
export type ClientWrite = ClientRow;

/** Only the row number and queue figures changed (core's queue diff). */
export type { QueueWrite } from '@core/sync/queue-diff';
/** The drop guard (core). */
export { isLargeDrop } from '@core/sync/removal';
export { RESTORED_MARK } from '@core/sync/content-hash';
export { MAX_LISTED_SKIPPED } from '@core/sync/skipped-rows';

export interface StatusChange {
  client_id: string;
  old_status: string | null;
  new_status: string;
}

export interface ImportPlan {
  inserts: ClientWrite[];
  /** Content changed, or a removed client came back. */
  updates: ClientWrite[];
  queueUpdates: QueueWrite[];
  removals: string[];
  statusChanges: StatusChange[];
  counts: { rowsRead: number; imported: number; updated: number; unchanged: number; skipped: number; removed: number; restored: number };
  skippedRows: SkippedRow[];
  warnings: string[];
  /** Clients the portal had before (not removed). */
  previousActive: number;
  /** Clients after the import. */
  nextActive: number;
  /** A duplicate client id, which stops the import. */
  duplicateIdError: string | null;
}

const SLICE = 5000;

/** An opaque key for a client without an id cell (D9: never derived from the row). */
export const newClientKey = () => `c_${crypto.randomBytes(8).toString('hex')}`;

/** The content hash's function: MD5, base64url. */
const md5: hashing.Hasher = (text) => crypto.hash('md5', text, 'base64url');

/** Hash of what a client row holds (core's contentHash over MD5). */
export const contentHash = (c: ImportedClient) => hashing.contentHash(c, md5);
/** The hash stored before 2026-11-22 (core's columnOrderHash over MD5). */
export const columnOrderHash = (c: ImportedClient) => hashing.columnOrderHash(c, md5);
/** Whether a stored hash says the client holds `c` (core's holdsSame over MD5). */
export const holdsSame = (stored: string, hash: string, c: ImportedClient) => hashing.holdsSame(stored, hash, c, md5);

/** Calls `each` for 0..count-1, yielding to the event loop after every SLICE. */
async function inSlices(count: number, each: (i: number) => void): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    each(i);
    if ((i + 1) % SLICE === 0) await yieldToEventLoop();
  }
}

/** The sheet's rows read into hashed clients (core's readSlice), slice by slice (all at once held the loop ~0.5 s). */
async function readSheet(sheet: ParsedSheet, mapping: ColumnMapping, dateOrder: DateOrder, onProgress?: (processed: number, total: number) => void) {
  const total = sheet.rows.length;
  const reads: SheetRead[] = [];
  for (let start = 0; start < total; start += SLICE) {
    const part = importSheetRows({ headers: sheet.headers, rows: sheet.rows.slice(start, start + SLICE), mapping, dateOrder, firstRow: sheet.firstRow + start });
    reads.push(readSlice(part, md5));
    onProgress?.(Math.min(total, start + SLICE), total);
    await yieldToEventLoop();
  }
  return joinReads(reads);
}

/** The row a client is written with: what it holds, its key and id cell, its queue figures. */
function clientWrite(who: IncomingClient & { clientId: string }, q: QueueEntry): ClientWrite {
  const { client: c } = who;
  const figures = figuresOf(q);
  return {
    client_id: who.clientId,
    source_id: who.sourceId,
    row: c.row,
    name: c.name,
    email: c.email,
    email_normalized: normalizeEmail(c.email),
    name_normalized: normalizeName(c.name),
    status: c.status,
    priority: c.priority,
    due_date_text: c.dateText,
    due_date: c.dueDate,
    notes: c.notes,
    raw: c.raw,
    content_hash: who.hash,
    queue_state: figures.queueState,
    queue_position: figures.queuePosition,
    estimated_working_days: figures.estimatedWorkingDays,
    estimated_completion: figures.estimatedCompletion,
  };
}

/** Adds one incoming client to the plan by its outcome (core's outcomeOf): insert, update, or a queue-only write. */
function planClient(plan: ImportPlan, who: IncomingClient & { clientId: string }, before: StoredClient | undefined, same: boolean, q: QueueEntry) {
  const outcome = outcomeOf(before, same, who, md5);
  if (outcome === 'unchanged' || !before) {
    if (before) addQueueWrite(plan, queueChange(who.clientId, before, who.client.row, q));
    else plan.inserts.push(clientWrite(who, q));
    plan.counts[before ? 'unchanged' : 'imported'] += 1;
    return;
  }
  plan.updates.push(clientWrite(who, q));
  plan.counts[outcome === 'mark_cleared' ? 'unchanged' : outcome === 'restored' ? 'restored' : 'updated'] += 1;
  if (before.status !== who.client.status) plan.statusChanges.push({ client_id: who.clientId, old_status: before.status, new_status: who.client.status });
}

const addQueueWrite = (plan: ImportPlan, change: QueueWrite | null) => {
  if (change) plan.queueUpdates.push(change);
};

const incoming = (k: IdentifiedClients, i: number): IncomingClient & { clientId: string } => ({
  client: k.clients[i]!,
  hash: k.hashes[i]!,
  sourceId: k.sourceIds[i] ?? null,
  clientId: k.keys[i]!,
});

/**
 * Works out, without writing anything, what an import changes, with core's rules: reads the rows (spec 5), keeps
 * the later row of a duplicate e-mail, refuses duplicate client ids, says who each row is (D9), keeps restored
 * clients while the source is unchanged, computes queue positions and estimates over the clients that will
 * remain, and compares with what is stored: insert, update, restore, queue-only update, mark removed.
 */
export async function planImport(input: {
  sheet: ParsedSheet;
  mapping: ColumnMapping;
  dateOrder: DateOrder;
  existing: Map<string, ExistingClient>;
  estimate: EstimateContext;
  onProgress?: (processed: number, total: number) => void;
  /** Keys for new clients without an id cell (tests pass a counter). */
  newKey?: () => string;
}): Promise<ImportPlan> {
  const { sheet, mapping, existing } = input;
  const read = await readSheet(sheet, mapping, input.dateOrder, input.onProgress);
  const unique = dedupeByEmail(read);
  const hasIdColumn = mapping.id != null && mapping.id >= 0;
  const kept = identifyClients(unique, existing, hasIdColumn, input.newKey ?? newClientKey);
  const hasCells = (row: number) => (sheet.rows[row - sheet.firstRow]?.length ?? 0) > 0;
  const { skipped, skippedRows } = listSkipped([...droppedSkips(read.dropped, hasCells), ...unique.skips, ...kept.skips]);
  const warning = unreadableDatesWarning(read);

  // Whether each kept client holds what is stored, worked out once (a hash stored before 2026-11-22 costs a second).
  // Each kept client as incoming, and the stored one it is (or undefined), looked up once for both passes below.
  const who = kept.clients.map((_, i) => incoming(kept, i));
  const stored = kept.keys.map((key) => existing.get(key));
  const same: boolean[] = new Array<boolean>(kept.clients.length);
  await inSlices(kept.clients.length, (i) => (same[i] = holdsStored(stored[i], who[i]!, md5)));
  const keptRestored = restoredToKeep(existing.values(), kept.matched, same.includes(false));
  const queue = computeQueue(
    [
      ...kept.clients.map((c, i) => ({ status: c.status, priority: c.priority, dueDate: c.dueDate, row: c.row, manualPosition: stored[i]?.manualPosition ?? null })),
      ...keptRestored,
    ],
    input.estimate,
  );
  await yieldToEventLoop();

  const plan: ImportPlan = {
    inserts: [],
    updates: [],
    queueUpdates: [],
    removals: [],
    statusChanges: [],
    counts: { rowsRead: sheet.filledRows, imported: 0, updated: 0, unchanged: 0, skipped, removed: 0, restored: 0 },
    skippedRows,
    warnings: warning ? [...sheet.warnings, warning] : [...sheet.warnings],
    previousActive: 0,
    nextActive: kept.clients.length + keptRestored.length,
    duplicateIdError: duplicateIdError(unique.clients),
  };
  if (plan.duplicateIdError) return plan;

  await inSlices(kept.clients.length, (i) => planClient(plan, who[i]!, stored[i], same[i]!, queue[i]!));
  keptRestored.forEach((c, j) => {
    plan.counts.unchanged += 1;
    addQueueWrite(plan, queueChange(c.clientId, c, c.row, queue[kept.clients.length + j]!));
  });
  const keptIds = new Set(keptRestored.map((c) => c.clientId));
  const { removals, previousActive } = removalsOf(existing.values(), (id) => kept.matched.has(id) || keptIds.has(id));
  Object.assign(plan, { removals, previousActive });
  plan.counts.removed = removals.length;
  return plan;
}
