import type { ImportedClient } from '../sheet-values';
import type { Hasher } from './content-hash';
import type { StoredClient } from './stored-client';

// Fixture tables for the sync's rule tests: a client read from a sheet, a client stored, and a readable hasher.

/** A hash that shows what it hashed (tests read it back). */
export const plainHash: Hasher = (text) => `h(${text})`;

export function readClient(row: number, email: string, o: Partial<ImportedClient> = {}): ImportedClient {
  return { row, sourceId: '', name: 'Ann', email, status: 'Pending', priority: '', dueDate: null, dateText: '', notes: '', raw: { Email: email }, ...o };
}

export function storedClient(clientId: string, o: Partial<StoredClient> = {}): StoredClient {
  return {
    clientId,
    sourceId: null,
    emailNormalized: `${clientId}@x`,
    row: 2,
    status: 'Pending',
    priority: '',
    dueDate: null,
    contentHash: 'v2:x',
    removed: false,
    manualPosition: null,
    queueState: null,
    queuePosition: null,
    estimatedWorkingDays: null,
    estimatedCompletion: null,
    ...o,
  };
}
