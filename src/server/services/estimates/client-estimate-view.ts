import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ClientEstimateView } from '@core/api/estimates';
import { slipSentences } from '@core/estimates/shown';
import type { Db } from '../../db/client';
import { clientEstimates, clients, portalEstimateState } from '../../db/schema';

/** Joins a client (`clients`) to its stored estimate (left join: none before estimates are computed, or when not queued). */
export const estimateOfClient = and(eq(clientEstimates.portalId, clients.portalId), eq(clientEstimates.clientId, clients.clientId));

/**
 * The date a client is told (decision 0017), with `estimateOfClient` left-joined: its stored most likely date once
 * computed (what the card, the API and the refresh's events say), else D4's formula date. 'YYYY-MM-DD' or null.
 */
export const toldEstimateDate = sql<string | null>`coalesce(${clientEstimates.likely}, ${clients.estimatedCompletion})::text`;

/**
 * The same date without the join: the stored estimate read by a subquery on its key, for a select of `clients` alone
 * (`client`: how that select names the clients table; drizzle leaves the table off a one-table select's columns). For
 * per-client look-ups where a join may be planned as a scan (the embedded database's statistics go stale).
 */
export const toldEstimateDateOf = (client: SQL) =>
  sql<string | null>`coalesce((select e.likely from client_estimates e where e.portal_id = ${client}.portal_id and e.client_id = ${client}.client_id), ${client}.estimated_completion)::text`;

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
