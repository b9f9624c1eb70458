import { describe, expect, it } from 'vitest';
import { extractSheetGid, extractSheetId, isGoogleSheetsUrl, sheetGidSchema, sheetIdSchema, sheetUrlSchema } from './sheet-url';

describe('sheet URL (spec 5)', () => {
  it.each<[string, boolean, string | null]>([
    ['https://docs.google.com/spreadsheets/d/1AbC_d-9/edit#gid=0', true, '1AbC_d-9'],
    ['http://docs.google.com/spreadsheets/d/abc', true, 'abc'],
    ['docs.google.com/spreadsheets/d/abc/edit?usp=sharing', true, 'abc'],
    ['  https://docs.google.com/spreadsheets/d/abc  ', true, 'abc'],
    ['https://DOCS.GOOGLE.COM/spreadsheets/d/abc', true, 'abc'],
    ['https://docs.google.com/spreadsheets/u/0/', true, null],
    ['https://docs.google.com/spreadsheets/d/', true, null],
    ['https://docs.google.com/document/d/abc', false, null],
    ['https://evil.com/docs.google.com/spreadsheets/d/abc', false, null],
    ['', false, null],
  ])('%j', (url, ok, id) => {
    expect(isGoogleSheetsUrl(url)).toBe(ok);
    expect(extractSheetId(url)).toBe(id);
  });

  it.each([
    ['https://docs.google.com/spreadsheets/d/abc/edit', { sheetUrl: 'https://docs.google.com/spreadsheets/d/abc/edit', sheetId: 'abc' }],
    ['https://example.com', 'Please enter a valid Google Sheets URL'],
    ['', 'Please enter a valid Google Sheets URL'],
    ['https://docs.google.com/spreadsheets/u/0/', 'Invalid Google Sheets URL'],
    [`https://docs.google.com/spreadsheets/d/${'a'.repeat(201)}/edit`, 'Invalid Google Sheets URL'],
  ])('sheetUrlSchema(%j)', (url, expected) => {
    const r = sheetUrlSchema.safeParse(url);
    if (typeof expected === 'string') expect(r.error?.issues.map((i) => i.message)).toEqual([expected]);
    else expect(r.data).toEqual(expected);
  });

  it('sheet ids', () => {
    expect(sheetIdSchema.safeParse('abc-_1').success).toBe(true);
    expect(sheetIdSchema.safeParse('abc/1').success).toBe(false);
    expect(sheetIdSchema.safeParse('').success).toBe(false);
  });
});

describe('sheet tab (gid)', () => {
  it.each<[string, string | null]>([
    ['https://docs.google.com/spreadsheets/d/abc/edit#gid=0', '0'],
    ['https://docs.google.com/spreadsheets/d/abc/edit?usp=sharing&gid=123456', '123456'],
    ['https://docs.google.com/spreadsheets/d/abc/edit#gid=12&range=A1', '12'],
    ['https://docs.google.com/spreadsheets/d/abc/edit', null],
    ['https://docs.google.com/spreadsheets/d/abc/edit#gid=abc', null],
    ['https://docs.google.com/spreadsheets/d/abc/edit#gid=1234567890123', null],
  ])('extractSheetGid(%j)', (url, gid) => {
    expect(extractSheetGid(url)).toBe(gid);
  });

  it('accepts digits only', () => {
    expect(sheetGidSchema.safeParse('42').success).toBe(true);
    expect(sheetGidSchema.safeParse('4a').error?.issues[0]?.message).toBe(
      'The tab id (gid) must be a number, as in #gid=123 at the end of the sheet address',
    );
    expect(sheetGidSchema.safeParse('1&x=2').success).toBe(false);
  });
});
