import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, parseSheetCsv, sniffDelimiter } from './parse-csv';

const dir = path.resolve(import.meta.dirname, '../../../../tests/fixtures/csv-spectrum');
const cases = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.csv'))
  .map((f) => f.replace(/\.csv$/, ''));

describe('parseSheetCsv against csv-spectrum-style cases', () => {
  it.each(cases)('%s', async (name) => {
    const bytes = fs.readFileSync(path.join(dir, `${name}.csv`));
    const expected = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as { headers: string[]; rows: string[][]; warnings?: string[] };
    const sheet = await parseSheetCsv(bytes);
    expect(sheet.headers).toEqual(expected.headers);
    expect(sheet.rows.filter((r) => r.length > 0)).toEqual(expected.rows);
    expect(sheet.filledRows).toBe(expected.rows.length);
    expect(sheet.warnings).toEqual(expected.warnings ?? []);
  });

  it('keeps blank rows in place so row numbers stay true, and drops trailing ones', async () => {
    const sheet = await parseSheetCsv('\n\nName,Email,Status\n\nAnn,ann@x.co,Done\n,,\n\n');
    expect(sheet.firstRow).toBe(4);
    expect(sheet.rows).toEqual([[], ['Ann', 'ann@x.co', 'Done']]);
  });

  it('reports an unclosed quote and an empty file', async () => {
    await expect(parseSheetCsv('a,b\n"x,y\n')).rejects.toThrow(/^The file could not be read as CSV: Quote Not Closed/);
    await expect(parseSheetCsv('\n\n')).rejects.toThrow('The sheet is empty: the first row must hold the column headers');
    await expect(parseSheetCsv('')).rejects.toThrow('The sheet is empty');
  });

  it('reads large input in slices without losing characters split between them', async () => {
    const row = 'Zoë Ålund,zoe@example.com,Pending,"multi\nline ✓"\n';
    const text = `Name,Email,Status,Notes\n${row.repeat(20_000)}`;
    const sheet = await parseSheetCsv(Buffer.from(text, 'utf8'));
    expect(sheet.filledRows).toBe(20_000);
    expect(sheet.rows.every((r) => r[0] === 'Zoë Ålund' && r[3] === 'multi\nline ✓')).toBe(true);
  });
});

describe('rows with another number of cells than the headers', () => {
  it('says which rows are short and which are long, by sheet row number, and what happens to their cells', async () => {
    const one = await parseSheetCsv('Name,Email,Status\nAnn,ann@x.co\nBob,bob@x.co,Done,extra\nCy,cy@x.co,Done,,\n');
    expect(one.warnings).toEqual([
      'Row 2 has fewer cells than the 3 headers; the missing cells are read as empty',
      'Row 3 has more cells than the 3 headers; the extra cells have no header and are kept under their column letters',
    ]);
    // Header on row 3 (two blank rows above it); eight short rows, the first five listed.
    const short = Array.from({ length: 8 }, (_, i) => `P${i},p${i}@x.co`).join('\n');
    const many = await parseSheetCsv(`\n\nName,Email,Status\nOk,ok@x.co,Done\n${short}\n"Two\nlines",t@x.co\n`);
    expect(many.warnings).toEqual(['9 rows have fewer cells than the 3 headers (rows 5, 6, 7, 8, 9 and 4 more); the missing cells are read as empty']);
    const two = await parseSheetCsv('Name,Email,Status\nA,a@x.co\nB,b@x.co\n');
    expect(two.warnings).toEqual(['2 rows have fewer cells than the 3 headers (rows 2 and 3); the missing cells are read as empty']);
  });
});

describe('decodeCsvBytes', () => {
  it('reads UTF-8, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeCsvBytes(Buffer.from('José', 'utf8'))).toEqual({ text: 'José', encoding: 'utf-8' });
    expect(decodeCsvBytes(Buffer.from([0x4a, 0x6f, 0x73, 0xe9, 0x80]))).toEqual({ text: 'José€', encoding: 'windows-1252' });
  });

  it('refuses a binary file (a NUL byte): an Excel workbook, a PDF, UTF-16 text', () => {
    expect(() => decodeCsvBytes(Buffer.from('PK\u0003\u0004\u0000\u0000rest', 'latin1'))).toThrow(/^This file is not a CSV file: it holds binary data/);
    expect(() => decodeCsvBytes(Buffer.from('Name,Email', 'utf16le'))).toThrow(/binary data/);
  });
});

describe('the separator', () => {
  it('is a comma unless the header line has none and has semicolons or tabs', () => {
    expect(sniffDelimiter('Name,Email;x\n')).toBe(',');
    expect(sniffDelimiter('\n\nName;Email;Status\r\nAnn;a@x.co;Done')).toBe(';');
    expect(sniffDelimiter('Name\tEmail\tStatus\n')).toBe('\t');
    expect(sniffDelimiter('"Last, First";Email\n')).toBe(';');
    expect(sniffDelimiter('Name\n')).toBe(',');
  });

  it("reads a file Excel saved with semicolons (where the comma is the decimal mark), and says so", async () => {
    const sheet = await parseSheetCsv('Name;Email;Status;Fee\r\n"Müller, Jo";jo@x.de;In Arbeit;1,5\r\n');
    expect(sheet.headers).toEqual(['Name', 'Email', 'Status', 'Fee']);
    expect(sheet.rows).toEqual([['Müller, Jo', 'jo@x.de', 'In Arbeit', '1,5']]);
    expect(sheet.warnings).toEqual(['The values in this file are separated by semicolons, not commas; it was read that way']);
    const tabs = await parseSheetCsv('Name\tEmail\tStatus\nAnn\tann@x.co\tDone\n');
    expect(tabs.rows).toEqual([['Ann', 'ann@x.co', 'Done']]);
  });
});
