import { z } from 'zod';
import { messages } from '../messages';
import { isEmail, normalizeEmail } from './email';

// Portal search (spec 5, decisions D3): at least 2 characters; an e-mail or a full name, matched exactly.

/** Shortest search text after trimming. */
export const PORTAL_SEARCH_MIN_LENGTH = 2;

/** A lookup the portal can run: by e-mail or by full name, both already normalized for exact matching. */
export type PortalQuery = { kind: 'email'; email: string } | { kind: 'name'; name: string };

/** Apostrophe look-alikes (phone keyboards type ’), matched as the plain one. */
const APOSTROPHES = /[\u2018\u2019\u02BC\u2032\u0060\u00B4]/g;

/**
 * A full name for exact matching (D3): Unicode NFC, apostrophe look-alikes as ', trimmed, lower-cased, inner spaces
 * collapsed. So "Tom O’Neill" typed on a phone finds "Tom O'Neill" from the sheet, and the reverse.
 */
export function normalizeName(value: string): string {
  return value.normalize('NFC').replace(APOSTROPHES, "'").trim().replace(/\s+/g, ' ').toLowerCase();
}

/** True when the search text counts as an e-mail: non-space characters, '@', a domain with a dot (spec 5). */
export function isEmailQuery(text: string): boolean {
  return isEmail(text.trim());
}

/** The lookup for a search text, or null when it is shorter than 2 characters after trimming. */
export function parsePortalQuery(text: string): PortalQuery | null {
  const trimmed = text.trim();
  if (trimmed.length < PORTAL_SEARCH_MIN_LENGTH) return null;
  return isEmail(trimmed) ? { kind: 'email', email: normalizeEmail(trimmed) } : { kind: 'name', name: normalizeName(trimmed) };
}

/** True when the search button is enabled: some text and no search running (spec 5). */
export function canSubmitPortalSearch(text: string, searching: boolean): boolean {
  return text.trim().length > 0 && !searching;
}

/** The portal search form: 'Please enter at least 2 characters to search'. */
export const portalSearchSchema = z.object({
  query: z
    .string({ error: messages.portal.searchTooShort })
    .trim()
    .min(PORTAL_SEARCH_MIN_LENGTH, { error: messages.portal.searchTooShort })
    .max(254, { error: messages.common.tooLong(254) }),
});

/** The portal lookup request: the search text, turned into an e-mail or name query. */
export const portalLookupSchema = portalSearchSchema.transform(({ query }) => parsePortalQuery(query) as PortalQuery);
