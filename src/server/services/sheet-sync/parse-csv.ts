import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { columnLetter } from '@core/sheet-values';
import { messages } from '@core/messages';
import { AppError } from '../../errors';

/** A sheet read from CSV: its header row, its data rows (blank rows kept, so row numbers stay true). */
export interface ParsedSheet {
  headers: string[];
  /** Data rows after the header; a blank row is kept as [] so each row's sheet number is firstRow + index. */
  rows: string[][];
  /** Sheet row number of rows[0] (the header row's number + 1). */
  firstRow: number;
  /** Rows with at least one non-empty cell. */
  filledRows: number;
  /** Duplicate or blank headers, rows with a different width. */
  warnings: string[];
}

/** The CSV could not be read (unclosed quote, empty file...). */
export class CsvReadError extends AppError {
  constructor(message: string) {
    super(422, 'csv_unreadable', message);
  }
}

const CHUNK_BYTES = 256 * 1024;

/**
 * Bytes as text: UTF-8, or Windows-1252 (Excel's usual encoding) when the bytes are not valid UTF-8. A NUL byte
 * means a binary file (an Excel workbook, a PDF, UTF-16 text): no CSV has one, so it is refused, as a sheet that
 * answers with binary data is (google-sheets.ts).
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  if (bytes.indexOf(0) !== -1) throw new CsvReadError(messages.sync.binaryFile);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    const latin1 = new TextDecoder('latin1').decode(bytes);
    const text = latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
    return { text, encoding: 'windows-1252' };
  }
}

// Windows-1252 differs from Latin-1 in 0x80-0x9F (Node's decoder may lack it without full ICU).
const CP1252_HIGH = [
  '€', '\u0081', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u008d', 'Ž', '\u008f',
  '\u0090', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u009d', 'ž', 'Ÿ',
];

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === '');

type Delimiter = ',' | ';' | '\t';

/**
 * The separator of the file, read from its first non-blank line: a comma unless that line has none and has
 * semicolons (what Excel writes as "CSV" where the comma is the decimal mark) or tabs (a copy from a sheet).
 */
export function sniffDelimiter(text: string): Delimiter {
  const line = (text.slice(0, 64 * 1024).split(/\r?\n/).find((l) => l.trim() !== '') ?? '').replace(/"[^"]*"/g, '');
  const count = (c: string) => line.split(c).length - 1;
  if (count(',') > 0) return ',';
  const semicolons = count(';');
  const tabs = count('\t');
  if (semicolons === 0 && tabs === 0) return ',';
  return semicolons >= tabs ? ';' : '\t';
}

/** Every record of the CSV (csv-parse), fed in 256 KB slices with a yield between them. */
async function readRecords(bytes: Buffer, delimiter: Delimiter): Promise<string[][]> {
  const records: string[][] = [];
  const parser = parse({ bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  let failure: Error | null = null;
  parser.on('readable', () => {
    let record: string[] | null;
    while ((record = parser.read() as string[] | null) !== null) records.push(record);
  });
  parser.on('error', (err) => {
    failure = err;
  });
  const done = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', () => resolve());
  });
  for (let offset = 0; offset < bytes.length && !failure; offset += CHUNK_BYTES) {
    parser.write(bytes.subarray(offset, offset + CHUNK_BYTES));
    await yieldToEventLoop();
  }
  if (!failure) parser.end();
  await done;
  if (failure) throw new CsvReadError(messages.sync.csvUnreadable((failure as Error).message));
  return records;
}

/** The header row's names (trimmed, line breaks as \n); trailing empty header cells (a trailing comma) are not columns. */
function headersOf(headerRecord: readonly string[]): string[] {
  let width = headerRecord.length;
  while (width > 0 && (headerRecord[width - 1] ?? '').trim() === '') width -= 1;
  return headerRecord.slice(0, width).map((h) => h.replace(/\r\n?/g, '\n').trim());
}

/** Warnings about the file's separator and its blank or duplicate headers. */
function headerWarnings(headers: readonly string[], delimiter: Delimiter): string[] {
  const warnings: string[] = delimiter === ',' ? [] : [messages.sync.otherDelimiter(delimiter === ';' ? 'semicolons' : 'tabs')];
  const byName = new Map<string, number[]>();
  headers.forEach((h, i) => {
    if (h === '') warnings.push(messages.sync.blankHeader(columnLetter(i)));
    else {
      const key = h.toLowerCase();
      byName.set(key, [...(byName.get(key) ?? []), i]);
    }
  });
  for (const indices of byName.values()) {
    if (indices.length > 1) warnings.push(messages.sync.duplicateHeader(headers[indices[0] as number] as string, indices.map(columnLetter).join(', ')));
  }
  return warnings;
}

/** The records after the header as data rows (blank ones as []), with warnings about rows of another width. */
function dataRows(records: readonly string[][], headerIndex: number, width: number): Pick<ParsedSheet, 'rows' | 'filledRows' | 'warnings'> {
  const rows: string[][] = [];
  let filledRows = 0;
  // Rows with fewer or more cells than the headers: counted, the first few by sheet row number.
  const short = { count: 0, rows: [] as number[] };
  const long = { count: 0, rows: [] as number[] };
  for (let r = headerIndex + 1; r < records.length; r += 1) {
    const record = records[r] as string[];
    if (isBlank(record)) {
      rows.push([]);
      continue;
    }
    filledRows += 1;
    let w = record.length;
    while (w > width && (record[w - 1] ?? '') === '') w -= 1;
    if (w !== width) {
      const odd = w < width ? short : long;
      odd.count += 1;
      if (odd.rows.length < 5) odd.rows.push(r + 1);
    }
    rows.push(record.map((cell) => (cell.includes('\r') ? cell.replace(/\r\n?/g, '\n') : cell)));
  }
  // Trailing blank rows are not part of the sheet.
  while (rows.length > 0 && (rows[rows.length - 1] as string[]).length === 0) rows.pop();
  const warnings: string[] = [];
  if (short.count > 0) warnings.push(messages.sync.shortRows(short.count, width, short.rows));
  if (long.count > 0) warnings.push(messages.sync.longRows(long.count, width, long.rows));
  return { rows, filledRows, warnings };
}

/**
 * Parses CSV with csv-parse (RFC 4180 quoting, embedded newlines, escaped quotes, a UTF-8 BOM, CRLF or LF, ragged
 * rows), feeding it in 256 KB slices with a yield between them so a 20 MB sheet never holds the event loop long.
 * The first non-blank row holds the headers. Cells keep their text; line breaks inside a cell become \n.
 */
export async function parseSheetCsv(input: Uint8Array | string): Promise<ParsedSheet> {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const delimiter = sniffDelimiter(typeof input === 'string' ? input : bytes.subarray(0, 64 * 1024).toString('utf8'));
  const records = await readRecords(bytes, delimiter);
  const headerIndex = records.findIndex((r) => !isBlank(r));
  if (headerIndex < 0) throw new CsvReadError(messages.sync.csvEmpty);
  const headers = headersOf(records[headerIndex] as string[]);
  const data = dataRows(records, headerIndex, headers.length);
  // The header's 1-based row number + 1.
  return { headers, rows: data.rows, firstRow: headerIndex + 2, filledRows: data.filledRows, warnings: [...headerWarnings(headers, delimiter), ...data.warnings] };
}
