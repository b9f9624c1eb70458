import type { ImportedClient } from '../sheet-values';

// What a client row holds, as a hash stored with the client (equal hashes: nothing to update), and the restore mark
// a business's restore puts on it (decision 0022). The hash function is injected (core imports no Node module):
// the server passes MD5 in base64url.

/** Hashes a text (the server's MD5, base64url). */
export type Hasher = (text: string) => string;

/**
 * Prefix of the content hash of a client the business restored (services/clients/restore-client.ts): while the
 * source still lacks the client, a sync keeps it only if nothing else came from the source (decision 0022).
 */
export const RESTORED_MARK = 'restored:';

/** Marks a content hash taken over the cells in header-name order (see contentHash). */
const HASH_VERSION = 'v2:';

/**
 * Hash of what a client row holds, not its row number nor the order of the sheet's columns (moving a column
 * changes nothing for a client).
 */
export function contentHash(c: ImportedClient, hash: Hasher): string {
  const cells = Object.keys(c.raw)
    .sort()
    .map((header) => [header, c.raw[header]]);
  return HASH_VERSION + hash(JSON.stringify([c.name, c.email, c.status, c.priority, c.dateText, c.dueDate, c.notes, cells]));
}

/** The hash stored before 2026-11-22: the cells in the sheet's column order (a moved column changed it). */
export function columnOrderHash(c: ImportedClient, hash: Hasher): string {
  return hash(JSON.stringify([c.name, c.email, c.status, c.priority, c.dateText, c.dueDate, c.notes, c.raw]));
}

/**
 * Whether a stored hash (without its restore mark) says the client holds `c`, whose hash is `current`. A hash
 * stored before the version mark is compared the old way, so the first sync after the change does not report
 * every client as updated; it is replaced by the current kind once the client changes.
 */
export function holdsSame(stored: string, current: string, c: ImportedClient, hash: Hasher): boolean {
  if (stored === current) return true;
  return !stored.startsWith(HASH_VERSION) && stored === columnOrderHash(c, hash);
}

/** Whether the business restored the client (and the source has not brought it back since). */
export const isRestoredMark = (stored: string) => stored.startsWith(RESTORED_MARK);

/** The stored hash without its restore mark. */
export const withoutRestoreMark = (stored: string) => (isRestoredMark(stored) ? stored.slice(RESTORED_MARK.length) : stored);
