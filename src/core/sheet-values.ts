import { z } from 'zod';
import { formatIsoDate, isValidYmd, type IsoDate } from './dates';
import { messages } from './messages';
import { isEmail } from './validation/email';

// Reading values from a sheet: dates in the forms sheets export, and rows into client records (spec 5).

/** Order of day and month in numeric dates such as 03/04/2026: 'mdy' (US) or 'dmy'. A per-portal setting. */
export type DateOrder = 'mdy' | 'dmy';

/** The date-order setting; 'mdy' by default. */
export const dateOrderSchema = z.enum(['mdy', 'dmy']).default('mdy');

export type ParsedDate = { ok: true; date: IsoDate } | { ok: false };

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10,
  nov: 11, november: 11, dec: 12, december: 12,
};

const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`);
const YEAR_LAST = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})${TIME}$`);
const WEEKDAY_PREFIX = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i;
const MONTH_FIRST = /^([a-z]+)\.?[\s-]+(\d{1,2})(?:st|nd|rd|th)?,?[\s-]+(\d{4})$/i;
const DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]+)\.?,?[\s-]+(\d{4})$/i;

const ok = (y: number, m: number, d: number): ParsedDate =>
  isValidYmd(y, m, d) ? { ok: true, date: formatIsoDate(y, m, d) } : { ok: false };

/**
 * Reads a date written as sheets export it: 2026-12-31 (optionally with a time), 2026/12/31, 12/31/2026,
 * 31.12.2026, 12-31-26, Dec 31, 2026, December 31 2026, 31 Dec 2026, 31-Dec-2026, Thu, Dec 31, 2026.
 * Numeric dates with the year last read day and month by `order` when both readings are real dates, and by
 * the only real reading otherwise. Two-digit years are 2000-2099. Anything else is { ok: false }.
 */
export function parseSheetDate(value: string, order: DateOrder = 'mdy'): ParsedDate {
  const text = value.trim();
  if (text.length === 0 || text.length > 64) return { ok: false };

  let m = YEAR_FIRST.exec(text);
  if (m) return ok(Number(m[1]), Number(m[2]), Number(m[3]));

  m = YEAR_LAST.exec(text);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const rawYear = m[4] as string;
    const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
    const asMdy = isValidYmd(year, a, b);
    const asDmy = isValidYmd(year, b, a);
    if (asMdy && asDmy) return order === 'mdy' ? ok(year, a, b) : ok(year, b, a);
    if (asMdy) return ok(year, a, b);
    if (asDmy) return ok(year, b, a);
    return { ok: false };
  }

  const words = text.replace(WEEKDAY_PREFIX, '');
  m = MONTH_FIRST.exec(words);
  if (m) {
    const month = MONTHS[(m[1] as string).toLowerCase()];
    return month === undefined ? { ok: false } : ok(Number(m[3]), month, Number(m[2]));
  }
  m = DAY_FIRST.exec(words);
  if (m) {
    const month = MONTHS[(m[2] as string).toLowerCase()];
    return month === undefined ? { ok: false } : ok(Number(m[3]), month, Number(m[1]));
  }
  return { ok: false };
}

/** Spreadsheet column letter of a zero-based index: 0 A, 25 Z, 26 AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Column index per client field; name, email and status are required to import. */
export interface SheetColumnMapping {
  id?: number | null | undefined;
  name?: number | null | undefined;
  email?: number | null | undefined;
  status?: number | null | undefined;
  priority?: number | null | undefined;
  date?: number | null | undefined;
  notes?: number | null | undefined;
}

/** A client read from one sheet row. */
export interface ImportedClient {
  /** Sheet row number (the header row is row 1). */
  row: number;
  /** The id cell, trimmed: '' when blank or when there is no id column (the client is then matched by e-mail, D9). */
  sourceId: string;
  /** Trimmed; 'Unknown' when empty. */
  name: string;
  /** Trimmed, as written. */
  email: string;
  /** Trimmed; 'Unknown' when empty. */
  status: string;
  /** The priority cell as written (trimmed). */
  priority: string;
  /** The date cell read as a date, or null when empty or unreadable. */
  dueDate: IsoDate | null;
  /** The date cell as written (trimmed), kept whether or not it could be read. */
  dateText: string;
  notes: string;
  /** Every cell by header (empty headers become the column letter; repeats get ' (2)', ' (3)'). */
  raw: Record<string, string>;
}

export interface DateProblem {
  row: number;
  value: string;
  message: string;
}

export interface SheetImport {
  clients: ImportedClient[];
  /** Sheet row numbers dropped because their e-mail cell is empty. */
  droppedRows: number[];
  /** Rows whose e-mail cell holds something that is not an address ('N/A', '-'): skipped like rows without one. */
  notEmails: { row: number; value: string }[];
  /** Date cells that could not be read; the text is kept in dateText and the due date left unset. */
  dateProblems: DateProblem[];
  /** Rows skipped for another reason (a client id, name or e-mail too long to be a key), with the reason. */
  refused: { row: number; reason: string }[];
}

/**
 * The longest client id, name and e-mail a row may have: they are looked up by (indexed keys, and no index takes a
 * value of some 2,700 bytes), and no real one comes near. An e-mail address is at most 254 characters (RFC 5321).
 */
export const CELL_LIMITS = { id: 200, name: 500, email: 254 } as const;

/** Unique keys for the raw record of each row. */
export function rawKeys(headers: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const used = new Set<string>();
  return headers.map((h, i) => {
    const base = h.trim() || columnLetter(i);
    let count = seen.get(base) ?? 0;
    let key: string;
    // 'Notes', 'Notes (2)', 'Notes': the third is 'Notes (3)', not a second 'Notes (2)' (one cell would be lost).
    do {
      count += 1;
      key = count === 1 ? base : `${base} (${count})`;
    } while (used.has(key));
    seen.set(base, count);
    used.add(key);
    return key;
  });
}

/**
 * Turns sheet rows (without the header row) into clients (spec 5): rows without an e-mail are dropped; a missing
 * name or status becomes 'Unknown'; dates are read by `dateOrder`. Who each row is (id cell or e-mail, D9) is
 * settled by sync/identity.ts, never by the row number.
 */
export function importSheetRows(input: {
  headers: readonly string[];
  rows: readonly (readonly string[])[];
  mapping: SheetColumnMapping;
  dateOrder?: DateOrder;
  /** Sheet row number of rows[0]: 2 by default (the header is row 1); lets a caller import a sheet in slices. */
  firstRow?: number;
}): SheetImport {
  const { rows, mapping } = input;
  const order = input.dateOrder ?? 'mdy';
  const firstRow = input.firstRow ?? 2;
  const keys = rawKeys(input.headers);
  const clients: ImportedClient[] = [];
  const droppedRows: number[] = [];
  const notEmails: { row: number; value: string }[] = [];
  const dateProblems: DateProblem[] = [];
  const refused: { row: number; reason: string }[] = [];
  const cell = (cells: readonly string[], index: number | null | undefined) =>
    index == null || index < 0 ? '' : String(cells[index] ?? '').trim();

  for (let r = 0; r < rows.length; r += 1) {
    const cells = rows[r] as readonly string[];
    const row = r + firstRow;
    const email = cell(cells, mapping.email);
    if (email.length === 0) {
      droppedRows.push(row);
      continue;
    }
    const idCell = cell(cells, mapping.id);
    const nameCell = cell(cells, mapping.name);
    const tooLong =
      email.length > CELL_LIMITS.email
        ? messages.sheetValues.tooLong('email address', CELL_LIMITS.email)
        : idCell.length > CELL_LIMITS.id
          ? messages.sheetValues.tooLong('client ID', CELL_LIMITS.id)
          : nameCell.length > CELL_LIMITS.name
            ? messages.sheetValues.tooLong('name', CELL_LIMITS.name)
            : null;
    if (tooLong) {
      refused.push({ row, reason: tooLong });
      continue;
    }
    // 'N/A', '-', 'none', 'pending': no e-mail either (spec 5's shape). Kept as a client, such a value would make
    // rows "duplicates" of each other and a client who can never look themselves up.
    if (!isEmail(email)) {
      notEmails.push({ row, value: email });
      continue;
    }
    const dateText = cell(cells, mapping.date);
    let dueDate: IsoDate | null = null;
    if (dateText.length > 0) {
      const parsed = parseSheetDate(dateText, order);
      if (parsed.ok) dueDate = parsed.date;
      else dateProblems.push({ row, value: dateText, message: messages.sheetValues.unparseableDate(row, dateText) });
    }
    const raw: Record<string, string> = {};
    const width = Math.max(keys.length, cells.length);
    for (let c = 0; c < width; c += 1) raw[keys[c] ?? columnLetter(c)] = String(cells[c] ?? '');
    clients.push({
      row,
      sourceId: idCell,
      name: nameCell || messages.common.unknown,
      email,
      status: cell(cells, mapping.status) || messages.common.unknown,
      priority: cell(cells, mapping.priority),
      dueDate,
      dateText,
      notes: cell(cells, mapping.notes),
      raw,
    });
  }
  return { clients, droppedRows, notEmails, dateProblems, refused };
}
