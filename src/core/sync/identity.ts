import { messages } from '../messages';
import { normalizeEmail } from '../validation/email';
import type { HashedClients } from './dedupe';
import type { SkippedRow } from './skipped-rows';

// Who each row of the data is (decision D9): a client is keyed by the id cell when the data has an id column,
// otherwise by the normalised e-mail address; never by the row number. The key stored for a client (its
// `clientId`, used in every API path and by every per-client record) is given once, when the client first
// appears, and never changes: matching a row to a client goes through the client's id cell (`sourceId`) and
// e-mail, so adding or dropping the id column, sorting, inserting and deleting rows keep each client's access
// link, manual position, history, updates and verification state on that person.

/** A row of incoming data, as identity needs it. */
export interface IdentityRow {
  /** The id cell, trimmed ('' when blank or when the data has no id column). */
  sourceId: string;
  /** Normalised (trimmed, lower-cased). */
  email: string;
}

/** A client already stored, as identity needs it. */
export interface KnownClient {
  clientId: string;
  /** The id cell it was last written with; null when it is keyed by its e-mail. */
  sourceId: string | null;
  /** Normalised. */
  emailNormalized: string;
  removed: boolean;
}

export type Identity =
  /** The row is this stored client. */
  | { kind: 'existing'; clientId: string; sourceId: string | null }
  /** A new client, with the key it gets. */
  | { kind: 'new'; clientId: string; sourceId: string | null }
  /** A blank id cell in an id column and no client with the row's e-mail: skipped, never keyed by row. */
  | { kind: 'blank_id' };

/** The id a table shows for a client: its id cell, or client_{row} when it has none (spec 5; never a key). */
export function displayClientId(sourceId: string | null, row: number): string {
  return sourceId ?? `client_${row}`;
}

/** Candidates in preference order: current clients before removed ones, then as stored. */
function index(known: Iterable<KnownClient>, key: (c: KnownClient) => string | null): Map<string, KnownClient[]> {
  const map = new Map<string, KnownClient[]>();
  for (const c of known) {
    const k = key(c);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(c);
    else map.set(k, [c]);
  }
  for (const list of map.values()) if (list.length > 1) list.sort((a, b) => Number(a.removed) - Number(b.removed));
  return map;
}

/**
 * Matches rows to stored clients and gives new ones a key (D9). The rows are the deduplicated ones (one row per
 * e-mail, one per id). With an id column:
 * - an id cell matches the client last written with that id; failing that, a client keyed by its e-mail (the id
 *   column was just added, or the client came from a blank id) with the row's e-mail;
 * - a blank id cell matches the client with the row's e-mail, or the row is skipped (`blank_id`).
 * Without an id column a row matches the client with its e-mail. Each stored client matches at most one row; id
 * matches are settled before e-mail ones. A new client's key is its id cell when no client holds that key, else
 * `newKey()` (opaque, random: never derived from the row).
 */
export function resolveIdentities(
  rows: readonly IdentityRow[],
  known: ReadonlyMap<string, KnownClient> | readonly KnownClient[],
  hasIdColumn: boolean,
  newKey: () => string,
): Identity[] {
  const all = [...known.values()];
  const bySource = index(all, (c) => c.sourceId);
  const byEmail = index(all, (c) => c.emailNormalized);
  const claimed = new Set<string>();
  const out: (Identity | undefined)[] = new Array<Identity | undefined>(rows.length);
  const take = (list: KnownClient[] | undefined, fits: (c: KnownClient) => boolean = () => true) => {
    const found = list?.find((c) => !claimed.has(c.clientId) && fits(c));
    if (found) claimed.add(found.clientId);
    return found;
  };

  if (hasIdColumn) {
    rows.forEach((r, i) => {
      if (r.sourceId === '') return;
      const c = take(bySource.get(r.sourceId));
      if (c) out[i] = { kind: 'existing', clientId: c.clientId, sourceId: r.sourceId };
    });
  }
  const keys = new Set(all.map((c) => c.clientId));
  rows.forEach((r, i) => {
    if (out[i]) return;
    const blank = r.sourceId === '';
    // With an id, only a client keyed by its e-mail is matched by e-mail: one with another id is someone else.
    const c = take(byEmail.get(r.email), hasIdColumn && !blank ? (k) => k.sourceId === null : undefined);
    if (c) {
      const sourceId = !hasIdColumn ? null : blank ? c.sourceId : r.sourceId;
      out[i] = { kind: 'existing', clientId: c.clientId, sourceId };
      return;
    }
    if (hasIdColumn && blank) {
      out[i] = { kind: 'blank_id' };
      return;
    }
    let key = hasIdColumn && !keys.has(r.sourceId) ? r.sourceId : newKey();
    while (keys.has(key)) key = newKey();
    keys.add(key);
    out[i] = { kind: 'new', clientId: key, sourceId: hasIdColumn ? r.sourceId : null };
  });
  return out as Identity[];
}

/** The deduplicated clients that are someone (same index in every list), and the rows skipped for a blank id. */
export interface IdentifiedClients extends HashedClients {
  /** The key each client is stored under. */
  keys: string[];
  /** The id cell each is written with (null: keyed by its e-mail). */
  sourceIds: (string | null)[];
  /** Stored clients a row matched. */
  matched: Set<string>;
  skips: SkippedRow[];
}

/** resolveIdentities over deduplicated clients: who each is; a blank id nobody's e-mail matches is skipped. */
export function identifyClients(
  unique: HashedClients,
  known: ReadonlyMap<string, KnownClient>,
  hasIdColumn: boolean,
  newKey: () => string,
): IdentifiedClients {
  const rows = unique.clients.map((c) => ({ sourceId: c.sourceId, email: normalizeEmail(c.email) }));
  const identities = resolveIdentities(rows, known, hasIdColumn, newKey);
  const out: IdentifiedClients = { clients: [], hashes: [], keys: [], sourceIds: [], matched: new Set(), skips: [] };
  unique.clients.forEach((c, i) => {
    const who = identities[i]!;
    if (who.kind === 'blank_id') {
      out.skips.push({ row: c.row, reason: messages.sync.blankClientId });
      return;
    }
    out.clients.push(c);
    out.hashes.push(unique.hashes[i]!);
    out.keys.push(who.clientId);
    out.sourceIds.push(who.sourceId);
    if (who.kind === 'existing') out.matched.add(who.clientId);
  });
  return out;
}
