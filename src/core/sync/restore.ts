import type { ImportedClient } from '../sheet-values';
import { holdsSame, isRestoredMark, withoutRestoreMark, type Hasher } from './content-hash';
import type { StoredClient } from './stored-client';

// What a sync does with a client compared with what is stored, and with the clients the business restored
// (decision 0022): a restored client the source still lacks stays while the source brings no other change; once
// the source changes, the source decides again (and it is removed).

/** A client read from the source with the key and id cell it is stored under. */
export interface IncomingClient {
  client: ImportedClient;
  hash: string;
  sourceId: string | null;
}

/** Whether a current stored client already holds `incoming` (same id cell, same content): nothing to write. */
export function holdsStored(before: StoredClient | undefined, incoming: IncomingClient, hash: Hasher): boolean {
  if (!before || before.removed) return false;
  return before.sourceId === incoming.sourceId && holdsSame(before.contentHash, incoming.hash, incoming.client, hash);
}

/**
 * The restored clients that stay though the source lacks them: none when the source brings any change
 * (`keptChanged`: a kept client is new, back or different; or a current client that is not restored left it).
 */
export function restoredToKeep(existing: Iterable<StoredClient>, matched: ReadonlySet<string>, keptChanged: boolean): StoredClient[] {
  if (keptChanged) return [];
  const kept: StoredClient[] = [];
  for (const before of existing) {
    if (before.removed || matched.has(before.clientId)) continue;
    if (!isRestoredMark(before.contentHash)) return [];
    kept.push(before);
  }
  return kept;
}

/**
 * What the sync does with one incoming client: `imported` (new), `unchanged` (only its queue figures may move),
 * `restored` (was removed, is back), `mark_cleared` (a restored client back in the source as it was: written only
 * to clear its restore mark, counted unchanged) or `updated`. `same`: holdsStored.
 */
export type ClientOutcome = 'imported' | 'unchanged' | 'restored' | 'mark_cleared' | 'updated';

export function outcomeOf(before: StoredClient | undefined, same: boolean, incoming: IncomingClient, hash: Hasher): ClientOutcome {
  if (!before) return 'imported';
  if (same) return 'unchanged';
  if (before.removed) return 'restored';
  const backAsItWas =
    isRestoredMark(before.contentHash) &&
    before.sourceId === incoming.sourceId &&
    holdsSame(withoutRestoreMark(before.contentHash), incoming.hash, incoming.client, hash);
  return backAsItWas ? 'mark_cleared' : 'updated';
}
