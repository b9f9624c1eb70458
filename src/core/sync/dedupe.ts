import { messages } from '../messages';
import type { ImportedClient } from '../sheet-values';
import { normalizeEmail } from '../validation/email';
import type { SkippedRow } from './skipped-rows';

// Deduplication of the rows read (spec 5): one client per e-mail address (the later row wins, the earlier is
// skipped and reported); a client id twice stops the import.

/** Clients read, each with its content hash (same index). */
export interface HashedClients {
  clients: ImportedClient[];
  hashes: string[];
}

/** One client per normalised e-mail: the last row with it; every earlier one is skipped, naming the row used. */
export function dedupeByEmail(read: HashedClients): HashedClients & { skips: SkippedRow[] } {
  const { clients, hashes } = read;
  // Each address normalised once (a sheet's rows are many).
  const emails = clients.map((c) => normalizeEmail(c.email));
  const lastRowByEmail = new Map<string, number>();
  emails.forEach((email, i) => lastRowByEmail.set(email, i));
  const out: HashedClients & { skips: SkippedRow[] } = { clients: [], hashes: [], skips: [] };
  for (let i = 0; i < clients.length; i += 1) {
    const c = clients[i]!;
    const winner = lastRowByEmail.get(emails[i]!)!;
    if (winner === i) {
      out.clients.push(c);
      out.hashes.push(hashes[i]!);
    } else out.skips.push({ row: c.row, reason: messages.sync.duplicateEmail(c.email, clients[winner]!.row) });
  }
  return out;
}

/** The message for the first client id held by two rows (which stops the import), or null. Blank ids are no ids. */
export function duplicateIdError(clients: readonly ImportedClient[]): string | null {
  const rowById = new Map<string, number>();
  for (const c of clients) {
    if (c.sourceId === '') continue;
    const first = rowById.get(c.sourceId);
    if (first !== undefined) return messages.sync.duplicateClientId(c.sourceId, first, c.row);
    rowById.set(c.sourceId, c.row);
  }
  return null;
}
