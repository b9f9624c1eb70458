import { and, eq, inArray } from 'drizzle-orm';
import type { ClientEstimateView } from '@core/api/estimates';
import { slipSentences } from '@core/estimates/shown';
import type { Db } from '../../db/client';
import { clientEstimates, portalEstimateState } from '../../db/schema';

/** A stored estimate row as the API carries it. */
export type StoredEstimate = Pick<typeof clientEstimates.$inferSelect, 'likely' | 'low' | 'high' | 'basis' | 'reason'>;

/** The API's estimate of a client from its stored row and when the portal's estimates were computed. */
export function clientEstimateView(row: StoredEstimate, updatedAt: Date): ClientEstimateView {
  return { likely: row.likely, low: row.low, high: row.high, basis: row.basis, updatedAt: updatedAt.toISOString(), ...(row.reason ? { reason: slipSentences[row.reason] } : {}) };
}

/** The current estimates of some of a portal's clients (queued clients whose estimates were computed), by client. */
export async function readClientEstimates(db: Db, portalId: string, clientIds: readonly string[]): Promise<Map<string, ClientEstimateView>> {
  if (clientIds.length === 0) return new Map();
  const [state] = await db.select({ updatedAt: portalEstimateState.updatedAt }).from(portalEstimateState).where(eq(portalEstimateState.portalId, portalId));
  if (!state) return new Map();
  const rows = await db
    .select({ clientId: clientEstimates.clientId, likely: clientEstimates.likely, low: clientEstimates.low, high: clientEstimates.high, basis: clientEstimates.basis, reason: clientEstimates.reason })
    .from(clientEstimates)
    .where(and(eq(clientEstimates.portalId, portalId), inArray(clientEstimates.clientId, [...clientIds])));
  return new Map(rows.map((r) => [r.clientId, clientEstimateView(r, state.updatedAt)]));
}
