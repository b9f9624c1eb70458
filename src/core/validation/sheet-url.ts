import { z } from 'zod';
import { messages } from '../messages';

// Google Sheets address (spec 5): the address must be a spreadsheet address, and its id must be extractable.

const SHEETS_URL = /^(?:https?:\/\/)?docs\.google\.com\/spreadsheets\//i;
const SHEET_ID_IN_PATH = /\/spreadsheets\/d\/([a-zA-Z0-9_-]+)/;
const SHEET_ID = /^[a-zA-Z0-9_-]+$/;

/** True when the text is a Google Sheets address (the analyse button is enabled only then). */
export function isGoogleSheetsUrl(url: string): boolean {
  return SHEETS_URL.test(url.trim());
}

/** The sheet id: the path part after /spreadsheets/d/ (letters, digits, - and _), or null. */
export function extractSheetId(url: string): string | null {
  const trimmed = url.trim();
  if (!SHEETS_URL.test(trimmed)) return null;
  return SHEET_ID_IN_PATH.exec(trimmed)?.[1] ?? null;
}

/** A sheet id on its own. */
export const sheetIdSchema = z.string().regex(SHEET_ID, { error: messages.sheets.idNotFound }).max(200);

/**
 * A sheet address, giving { sheetUrl, sheetId }: 'Please enter a valid Google Sheets URL' when it is not a
 * spreadsheet address, 'Invalid Google Sheets URL' when the id cannot be extracted.
 */
export const sheetUrlSchema = z
  .string({ error: messages.sheets.urlInvalid })
  .trim()
  .max(2000, { error: messages.sheets.urlInvalid, abort: true })
  .refine(isGoogleSheetsUrl, { error: messages.sheets.urlInvalid, abort: true })
  // An id longer than a sheet id can be (they are 44 characters) is no id either.
  .refine((url) => sheetIdSchema.safeParse(extractSheetId(url)).success, { error: messages.sheets.idNotFound, abort: true })
  .transform((sheetUrl) => ({ sheetUrl, sheetId: extractSheetId(sheetUrl) as string }));

const GID_IN_URL = /[#?&]gid=(\d{1,12})(?!\d)/;
const GID = /^\d{1,12}$/;

/** The tab id (gid) written in a sheet address ('...#gid=123' or '...?gid=123'), or null. */
export function extractSheetGid(url: string): string | null {
  return GID_IN_URL.exec(url.trim())?.[1] ?? null;
}

/** A tab id (gid): digits only, as Google writes it. */
export const sheetGidSchema = z.string().trim().regex(GID, { error: messages.sheets.gidInvalid });
