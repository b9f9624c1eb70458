import { eq, sql } from 'drizzle-orm';
import type { ClientEventActor, NewClientEvent } from '@core/client-events';
import { estimateChangedEvent, type EstimateEventSource } from '@core/sync/client-changes';
import type { Db, Tx } from '../../db/client';
import { portalEstimateState } from '../../db/schema';
import { refreshUnderWayHere, shareRefreshLock } from './refresh-lock';

// Who records a portal's `client.estimate_changed` (decision 0017): the writers (sync, upload, queue recompute, manual
// position, managed writes) with D4's formula dates until the portal's estimates are computed, then the estimates
// refresh alone, with the most likely date the card and the API show. Both halves of the rule are here; a writer asks
// under the portal's refresh lock (refresh-lock.ts), so one source records each change around the first refresh.

/** The cause of the refresh's events. */
export const estimatesRefreshActor: ClientEventActor = { kind: 'system', job: 'estimates.refresh' };

/** The portal's estimates were computed (its state row exists): the refresh records its estimate changes. */
export async function estimatesComputed(q: Db | Tx, portalId: string): Promise<boolean> {
  const [row] = await q.select({ one: sql`1` }).from(portalEstimateState).where(eq(portalEstimateState.portalId, portalId)).limit(1);
  return row !== undefined;
}

/**
 * Who records the estimate changes a writer's transaction `tx` makes: asked in that transaction, each time (never
 * kept across a write's transactions). The refresh once its estimates were computed (for good: the state row goes
 * only with its portal, so then no lock is needed), or while a refresh of the portal is under way in this process
 * (embedded database); the writers before, decided under the portal's refresh lock, which the transaction then holds
 * to its end.
 */
export async function estimateEventSource(tx: Tx, portalId: string): Promise<EstimateEventSource> {
  if (await estimatesComputed(tx, portalId)) return 'refresh';
  await shareRefreshLock(tx, portalId);
  return refreshUnderWayHere(portalId) || (await estimatesComputed(tx, portalId)) ? 'refresh' : 'writers';
}

/** A queued client's most likely date before and after a refresh. */
export interface LikelyChange {
  clientId: string;
  /** The stored `likely`; for a client with no row yet, the date it was shown before (see `firstShown`); null: none. */
  from: string | null;
  to: string | null;
}

/**
 * The date a client without an estimate row was shown before this refresh: at the portal's first refresh, the
 * formula's date (`clients.estimated_completion`, what the card showed until then, whose changes the writers
 * recorded); afterwards a client without a row is new to the queue (added, or back from on hold or completed): it
 * had no estimate, as a writer's event would have said (and a new client is told nothing of its first date).
 */
export function firstShown(firstRefresh: boolean, formulaDate: string | null): string | null {
  return firstRefresh ? formulaDate : null;
}

/** The refresh's events: one per client whose most likely date changed. */
export function likelyDateEvents(portalId: string, changes: Iterable<LikelyChange>): NewClientEvent[] {
  const events: NewClientEvent[] = [];
  for (const c of changes) if (c.from !== c.to) events.push(estimateChangedEvent(portalId, c.clientId, c.from, c.to, estimatesRefreshActor));
  return events;
}
