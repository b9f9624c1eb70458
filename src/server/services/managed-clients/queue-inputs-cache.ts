import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../../db/client';
import type { AppMetrics } from '../../lib/metrics';
import type { HeldLease } from '../sheet-sync/sync-lease';
import { readQueueInputs, type QueueInputRow } from '../sheet-sync/recompute-queue';

// A managed write computes the whole portal's queue, from every current client's queue inputs (readQueueInputs):
// 15-17 ms at 10,000 clients, each request. Every writer of a portal's clients holds the portal's sync lease (syncs,
// uploads, queue recomputes, restores, manual positions, managed writes, the switch to managed, the clean-up's finish
// of a committed sync), and every taking of the lease counts one more generation (sync-lease.ts leaseTakenBy). So a
// managed write that committed under generation g knows the portal's queue inputs as they are until the next taking:
// the next managed write on this instance that takes generation g + 1 uses them instead of reading; any other
// generation (someone held the lease between, on any instance) reads again. Removed clients are not queue inputs: the
// purge of old ones changes nothing here.

/** Rows remembered over all portals at most (about 150 bytes each: 30 MB): the least recently written portals go first. */
export const QUEUE_INPUTS_CACHE_ROWS = 200_000;

export interface QueueInputsCache {
  /**
   * The portal's current clients' queue inputs for a writer holding `lease`: remembered from the write under the
   * generation just before it, else read. The entry is taken either way: the writer remembers the next one once
   * committed (remember), and a write that fails leaves none.
   */
  read(db: Db, portalId: string, lease: HeldLease): Promise<readonly QueueInputRow[]>;
  /** Remembers the portal's queue inputs as a write under `lease` committed them. */
  remember(portalId: string, lease: HeldLease, rows: readonly QueueInputRow[]): void;
  /** Forgets the portal's entry (its clients were written under the lease of the write about to read them). */
  forget(portalId: string): void;
  /**
   * How many reads used remembered rows (`hits`) and how many read the database (`misses`) since the start, and the
   * rows remembered now (`rows`, over `portals`).
   */
  stats(): { hits: number; misses: number; rows: number; portals: number };
}

interface Entry {
  generation: number;
  rows: readonly QueueInputRow[];
}

/**
 * One per app instance (the app context's `queueInputs`). `checkHits` (tests): every use of remembered rows also
 * reads them, and throws if the two differ.
 */
export function createQueueInputsCache(options: { maxRows?: number; checkHits?: boolean } = {}): QueueInputsCache {
  const maxRows = options.maxRows ?? QUEUE_INPUTS_CACHE_ROWS;
  // In the order last remembered: the first entries are the least recently written portals.
  const entries = new Map<string, Entry>();
  let total = 0;
  const counts = { hits: 0, misses: 0 };
  const drop = (portalId: string) => {
    const entry = entries.get(portalId);
    if (entry) total -= entry.rows.length;
    entries.delete(portalId);
    return entry;
  };
  return {
    read(db, portalId, lease) {
      const entry = drop(portalId);
      if (entry?.generation !== lease.generation - 1) {
        counts.misses += 1;
        return readQueueInputs(db, portalId);
      }
      counts.hits += 1;
      return options.checkHits ? sameAsRead(entry.rows, readQueueInputs(db, portalId)) : Promise.resolve(entry.rows);
    },
    remember(portalId, lease, rows) {
      drop(portalId);
      if (rows.length > maxRows) return;
      entries.set(portalId, { generation: lease.generation, rows });
      total += rows.length;
      for (const oldest of entries.keys()) {
        if (total <= maxRows) break;
        drop(oldest);
      }
    },
    forget(portalId) {
      drop(portalId);
    },
    stats: () => ({ ...counts, rows: total, portals: entries.size }),
  };
}

/** The remembered rows, once a fresh read has the same ones (in any order); throws if it does not. */
async function sameAsRead(remembered: readonly QueueInputRow[], read: Promise<readonly QueueInputRow[]>): Promise<readonly QueueInputRow[]> {
  const byId = (rows: readonly QueueInputRow[]) => [...rows].sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0));
  const fresh = await read;
  if (!isDeepStrictEqual(byId(remembered), byId(fresh))) {
    throw new Error(`queue inputs cache: the remembered rows differ from the stored ones (${remembered.length} remembered, ${fresh.length} stored)`);
  }
  return remembered;
}

/** The cache's figures on /metrics: reads by result since the start, and what it holds now. */
export function registerQueueInputsGauges(metrics: Pick<AppMetrics, 'addGauge'>, cache: Pick<QueueInputsCache, 'stats'>): void {
  metrics.addGauge({
    name: 'statuslink_queue_inputs_cache_reads',
    help: "Managed writes' reads of a portal's queue inputs since this instance started: remembered (hit) or read from the database (miss).",
    labelNames: ['result'],
    read: () => {
      const { hits, misses } = cache.stats();
      return [
        { labels: { result: 'hit' }, value: hits },
        { labels: { result: 'miss' }, value: misses },
      ];
    },
  });
  metrics.addGauge({
    name: 'statuslink_queue_inputs_cache_rows',
    help: "Queue-input rows this instance remembers for managed portals (at most 200,000).",
    read: () => cache.stats().rows,
  });
}
