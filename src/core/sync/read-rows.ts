import { messages } from '../messages';
import type { ImportedClient, SheetImport } from '../sheet-values';
import { contentHash, type Hasher } from './content-hash';
import type { SkippedRow } from './skipped-rows';

// The rows of a sheet read into clients (core's importSheetRows does each slice), each with its content hash, and
// what was not read: the caller reads a large sheet slice by slice, yielding between them, and joins the slices.

/** A row not read; reason null: its e-mail cell is empty (reported only when the row has other cells). */
export interface DroppedRow {
  row: number;
  reason: string | null;
}

export interface SheetRead {
  clients: ImportedClient[];
  /** contentHash of each client. */
  hashes: string[];
  dropped: DroppedRow[];
  unreadableDates: number;
  /** The first unreadable date, named in the warning. */
  firstUnreadable: { row: number; value: string } | null;
}

/** One slice of rows read: its clients hashed, its dropped rows with their reasons. */
export function readSlice(part: SheetImport, hash: Hasher): SheetRead {
  const dropped: DroppedRow[] = part.droppedRows.map((row) => ({ row, reason: null }));
  for (const n of part.notEmails) dropped.push({ row: n.row, reason: messages.sync.notAnEmail(n.value) });
  for (const r of part.refused) dropped.push(r);
  const [problem] = part.dateProblems;
  return {
    clients: part.clients,
    hashes: part.clients.map((c) => contentHash(c, hash)),
    dropped,
    unreadableDates: part.dateProblems.length,
    firstUnreadable: problem ? { row: problem.row, value: problem.value } : null,
  };
}

/** Slices read, joined in order. */
export function joinReads(reads: readonly SheetRead[]): SheetRead {
  const joined: SheetRead = { clients: [], hashes: [], dropped: [], unreadableDates: 0, firstUnreadable: null };
  for (const r of reads) {
    for (const c of r.clients) joined.clients.push(c);
    for (const h of r.hashes) joined.hashes.push(h);
    for (const d of r.dropped) joined.dropped.push(d);
    joined.unreadableDates += r.unreadableDates;
    joined.firstUnreadable ??= r.firstUnreadable;
  }
  return joined;
}

/** The dropped rows to report, by row: a row without an e-mail is reported only when it has cells (`hasCells`). */
export function droppedSkips(dropped: readonly DroppedRow[], hasCells: (row: number) => boolean): SkippedRow[] {
  const skips: SkippedRow[] = [];
  for (const { row, reason } of [...dropped].sort((a, b) => a.row - b.row)) {
    if (reason) skips.push({ row, reason });
    else if (hasCells(row)) skips.push({ row, reason: messages.sync.noEmail });
  }
  return skips;
}

/** The warning naming the first unreadable date and how many there are, or null when every date was read. */
export function unreadableDatesWarning(read: Pick<SheetRead, 'unreadableDates' | 'firstUnreadable'>): string | null {
  return read.unreadableDates > 0 && read.firstUnreadable ? messages.sync.unreadableDates(read.unreadableDates, read.firstUnreadable) : null;
}
