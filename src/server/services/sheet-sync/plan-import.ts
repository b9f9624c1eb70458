import crypto from 'node:crypto';
import type { ClientRow } from './client-columns';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ColumnMapping } from '@core/columns';
import { computeQueue, type EstimateContext } from '@core/estimate';
import { messages } from '@core/messages';
import { resolveIdentities } from '@core/sync/identity';
import { figuresOf, queueChange, type QueueWrite } from '@core/sync/queue-diff';
import { importSheetRows, type DateOrder, type ImportedClient } from '@core/sheet-values';
import { normalizeEmail } from '@core/validation/email';
import { normalizeName } from '@core/validation/portal-search';
import type { QueueState, SkippedRow } from '../../db/schema';
import type { ParsedSheet } from './parse-csv';

/** What the plan needs to know about a client already stored. */
export interface ExistingClient {
  clientId: string;
  /** The id cell it was last written with; null: keyed by its e-mail (D9). */
  sourceId: string | null;
  emailNormalized: string;
  row: number;
  status: string;
  priority: string;
  dueDate: string | null;
  contentHash: string;
  removed: boolean;
  manualPosition: number | null;
  queueState: QueueState | null;
  queuePosition: number | null;
  estimatedWorkingDays: number | null;
  estimatedCompletion: string | null;
}

/** A client row as written. */
export type ClientWrite = ClientRow;

/** Only the row number and queue figures changed (core's queue diff). */
export type { QueueWrite } from '@core/sync/queue-diff';

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

/**
 * Prefix of the content hash of a client the business restored (services/clients/restore-client.ts): while the
 * source still lacks the client, a sync keeps it only if nothing else came from the source (decision 0005).
 */
export const RESTORED_MARK = 'restored:';
/** At most this many skipped rows are listed (the count is always complete). */
export const MAX_LISTED_SKIPPED = 1000;

/** Marks a content hash taken over the cells in header-name order (see contentHash). */
const HASH_VERSION = 'v2:';

/**
 * Hash of what a client row holds, not its row number nor the order of the sheet's columns (moving a column
 * changes nothing for a client): equal hashes mean nothing to update.
 */
export function contentHash(c: ImportedClient): string {
  const cells = Object.keys(c.raw)
    .sort()
    .map((header) => [header, c.raw[header]]);
  return HASH_VERSION + crypto.hash('md5', JSON.stringify([c.name, c.email, c.status, c.priority, c.dateText, c.dueDate, c.notes, cells]), 'base64url');
}

/** The hash stored before 2026-11-22: the cells in the sheet's column order (a moved column changed it). */
export function columnOrderHash(c: ImportedClient): string {
  return crypto.hash('md5', JSON.stringify([c.name, c.email, c.status, c.priority, c.dateText, c.dueDate, c.notes, c.raw]), 'base64url');
}

/**
 * Whether a stored hash (without its restore mark) says the client holds `c`. A hash stored before the version
 * mark is compared the old way, so the first sync after the change does not report every client as updated; it
 * is replaced by the current kind once the client changes.
 */
export function holdsSame(stored: string, hash: string, c: ImportedClient): boolean {
  if (stored === hash) return true;
  return !stored.startsWith(HASH_VERSION) && stored === columnOrderHash(c);
}

const withoutRestoreMark = (stored: string) => (stored.startsWith(RESTORED_MARK) ? stored.slice(RESTORED_MARK.length) : stored);

/**
 * Works out, without writing anything, what an import changes: reads the rows with core's importSheetRows (spec 5
 * rules), resolves duplicate e-mails (the later row wins, the earlier is skipped and reported), refuses duplicate
 * client ids, computes queue positions and estimates over the clients that will remain, and compares with what is
 * stored: insert, update, restore, queue-only update, mark removed. Works in slices with a yield between them.
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
  const total = sheet.rows.length;
  const imported: ImportedClient[] = [];
  /** Content hash of each imported client, computed slice by slice (all at once it held the event loop ~0.5 s). */
  const importedHashes: string[] = [];
  /** Rows not imported, with the reason to report; null: no e-mail (a blank row is no client to report). */
  const dropped: { row: number; reason: string | null }[] = [];
  let unreadableDates = 0;
  /** The first unreadable date, named in the warning. */
  let firstUnreadable: { row: number; value: string } | null = null;
  for (let start = 0; start < total; start += SLICE) {
    const part = importSheetRows({
      headers: sheet.headers,
      rows: sheet.rows.slice(start, start + SLICE),
      mapping,
      dateOrder: input.dateOrder,
      firstRow: sheet.firstRow + start,
    });
    for (const c of part.clients) {
      imported.push(c);
      importedHashes.push(contentHash(c));
    }
    for (const r of part.droppedRows) dropped.push({ row: r, reason: null });
    for (const n of part.notEmails) dropped.push({ row: n.row, reason: messages.sync.notAnEmail(n.value) });
    for (const r of part.refused) dropped.push(r);
    unreadableDates += part.dateProblems.length;
    const [problem] = part.dateProblems;
    if (problem) firstUnreadable ??= { row: problem.row, value: problem.value };
    input.onProgress?.(Math.min(total, start + SLICE), total);
    await yieldToEventLoop();
  }

  const skippedRows: SkippedRow[] = [];
  let skipped = 0;
  const skip = (row: number, reason: string) => {
    skipped += 1;
    if (skippedRows.length < MAX_LISTED_SKIPPED) skippedRows.push({ row, reason });
  };
  dropped.sort((a, b) => a.row - b.row);
  for (const { row, reason } of dropped) {
    if (reason) {
      skip(row, reason);
      continue;
    }
    const cells = sheet.rows[row - sheet.firstRow];
    if (cells && cells.length > 0) skip(row, messages.sync.noEmail);
  }

  // Duplicate e-mails: the later row wins.
  const lastRowByEmail = new Map<string, number>();
  for (let i = 0; i < imported.length; i += 1) lastRowByEmail.set(normalizeEmail((imported[i] as ImportedClient).email), i);
  const unique: ImportedClient[] = [];
  const uniqueHashes: string[] = [];
  for (let i = 0; i < imported.length; i += 1) {
    const c = imported[i] as ImportedClient;
    const email = normalizeEmail(c.email);
    const winner = lastRowByEmail.get(email) as number;
    if (winner !== i) skip(c.row, messages.sync.duplicateEmail(c.email, (imported[winner] as ImportedClient).row));
    else {
      unique.push(c);
      uniqueHashes.push(importedHashes[i] as string);
    }
  }

  // Duplicate client ids stop the import.
  const hasIdColumn = mapping.id != null && mapping.id >= 0;
  let duplicateIdError: string | null = null;
  const rowById = new Map<string, number>();
  for (const c of unique) {
    if (c.sourceId === '') continue;
    const first = rowById.get(c.sourceId);
    if (first !== undefined) {
      duplicateIdError = messages.sync.duplicateClientId(c.sourceId, first, c.row);
      break;
    }
    rowById.set(c.sourceId, c.row);
  }

  // Who each row is (D9): its id cell or its e-mail, never its row. A blank id nobody's e-mail matches is skipped.
  const identities = resolveIdentities(
    unique.map((c) => ({ sourceId: c.sourceId, email: normalizeEmail(c.email) })),
    existing,
    hasIdColumn,
    input.newKey ?? newClientKey,
  );
  const kept: ImportedClient[] = [];
  const hashes: string[] = [];
  const keys: string[] = [];
  const sourceIds: (string | null)[] = [];
  const matched = new Set<string>();
  unique.forEach((c, i) => {
    const who = identities[i]!;
    if (who.kind === 'blank_id') {
      skip(c.row, messages.sync.blankClientId);
      return;
    }
    kept.push(c);
    hashes.push(uniqueHashes[i] as string);
    keys.push(who.clientId);
    sourceIds.push(who.sourceId);
    if (who.kind === 'existing') matched.add(who.clientId);
  });
  skippedRows.sort((a, b) => a.row - b.row);

  const warnings = [...sheet.warnings];
  if (unreadableDates > 0 && firstUnreadable) warnings.push(messages.sync.unreadableDates(unreadableDates, firstUnreadable));

  // Whether each kept client holds what is stored (worked out once: a hash stored before 2026-11-22 costs a second).
  const sameAsStored: (boolean | undefined)[] = new Array<boolean | undefined>(kept.length);
  const unchanged = (i: number, before: ExistingClient) =>
    (sameAsStored[i] ??= before.sourceId === sourceIds[i] && holdsSame(before.contentHash, hashes[i] as string, kept[i] as ImportedClient));

  // Whether the source brings any change decides what happens to restored clients.
  let sourceChanged = false;
  for (let i = 0; i < kept.length && !sourceChanged; i += 1) {
    const before = existing.get(keys[i] as string);
    if (!before || before.removed || !unchanged(i, before)) sourceChanged = true;
    if ((i + 1) % SLICE === 0) await yieldToEventLoop();
  }
  // Clients the business restored that the source still lacks: kept while the source is unchanged, else removed.
  const keptRestored: ExistingClient[] = [];
  for (const [clientId, before] of existing) {
    if (before.removed || matched.has(clientId)) continue;
    if (before.contentHash.startsWith(RESTORED_MARK)) keptRestored.push(before);
    else sourceChanged = true;
  }
  if (sourceChanged) keptRestored.length = 0;

  const queue = computeQueue(
    [
      ...kept.map((c, i) => ({ status: c.status, priority: c.priority, dueDate: c.dueDate, row: c.row, manualPosition: existing.get(keys[i] as string)?.manualPosition ?? null })),
      ...keptRestored.map((c) => ({ status: c.status, priority: c.priority, dueDate: c.dueDate, row: c.row, manualPosition: c.manualPosition })),
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
    warnings,
    previousActive: 0,
    nextActive: kept.length + keptRestored.length,
    duplicateIdError,
  };
  if (duplicateIdError) return plan;

  const queueWrite = (before: ExistingClient, clientId: string, row: number, q: (typeof queue)[number]) => {
    const change = queueChange(clientId, before, row, q);
    if (change) plan.queueUpdates.push(change);
  };

  for (let i = 0; i < kept.length; i += 1) {
    const c = kept[i] as ImportedClient;
    const q = queue[i]!;
    const figures = figuresOf(q);
    const hash = hashes[i] as string;
    const clientId = keys[i] as string;
    const before = existing.get(clientId);
    if (before && !before.removed && unchanged(i, before)) {
      plan.counts.unchanged += 1;
      queueWrite(before, clientId, c.row, q);
    } else {
      const write: ClientWrite = {
        client_id: clientId,
        source_id: sourceIds[i] ?? null,
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
        content_hash: hash,
        queue_state: figures.queueState,
        queue_position: figures.queuePosition,
        estimated_working_days: figures.estimatedWorkingDays,
        estimated_completion: figures.estimatedCompletion,
      };
      if (!before) {
        plan.inserts.push(write);
        plan.counts.imported += 1;
      } else {
        plan.updates.push(write);
        if (before.removed) plan.counts.restored += 1;
        // A restored client back in the source as it was: only its restore mark is cleared.
        else if (before.contentHash.startsWith(RESTORED_MARK) && before.sourceId === sourceIds[i] && holdsSame(withoutRestoreMark(before.contentHash), hash, c)) {
          plan.counts.unchanged += 1;
        }
        else plan.counts.updated += 1;
        if (before.status !== c.status) plan.statusChanges.push({ client_id: clientId, old_status: before.status, new_status: c.status });
      }
    }
    if ((i + 1) % SLICE === 0) await yieldToEventLoop();
  }
  keptRestored.forEach((c, j) => {
    plan.counts.unchanged += 1;
    queueWrite(c, c.clientId, c.row, queue[kept.length + j]!);
  });

  const keptIds = new Set(keptRestored.map((c) => c.clientId));
  for (const [clientId, before] of existing) {
    if (before.removed) continue;
    plan.previousActive += 1;
    if (!matched.has(clientId) && !keptIds.has(clientId)) plan.removals.push(clientId);
  }
  plan.counts.removed = plan.removals.length;
  return plan;
}

/** True when the import would remove more than half of the portal's clients (the drop guard). */
export function isLargeDrop(plan: ImportPlan): boolean {
  return plan.previousActive > 0 && plan.removals.length * 2 > plan.previousActive;
}
