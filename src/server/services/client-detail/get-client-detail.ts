import { and, asc, count, eq } from 'drizzle-orm';
import { displayClientId } from '@core/sync/identity';
import type { Db } from '../../db/client';
import type { ClientEstimateView } from '@core/api/estimates';
import { clients, clientStatusHistory } from '../../db/schema';
import { readClientEstimates } from '../estimates/client-estimate-view';
import { NotFoundError } from '../../errors';
import { clientNotFoundMessage } from '../client-access/business-client';
import { getPortalRow } from '../portals/get-portal';

export interface ClientDetailView {
  clientId: string;
  displayId: string;
  row: number;
  name: string;
  email: string;
  status: string;
  priority: string;
  dueDate: string | null;
  dueDateText: string;
  notes: string;
  /** Every cell of the sheet row by header. */
  raw: Record<string, string>;
  queueState: 'queued' | 'completed' | 'cancelled' | null;
  queuePosition: number | null;
  /** The most likely date of the estimate when there is one (issue 20), else the settings' formula. */
  estimatedCompletion: string | null;
  estimate: ClientEstimateView | null;
  manualPosition: number | null;
  /** Clients currently in the queue (the largest position that can be set). */
  queueLength: number;
  /** Clients of the queue whose place was set by hand (D4): while any are, the order is not the automatic one. */
  placedByHand: number;
  createdAt: string;
  updatedAt: string;
  history: { oldStatus: string | null; newStatus: string; changedAt: string }[];
}

/**
 * The row's cells in the sheet's column order (jsonb keeps keys sorted by length, so "Notes" came before "Client
 * ID"); cells of headers the sheet no longer has come last.
 */
function inSheetOrder(raw: Record<string, string>, headers: readonly string[]): Record<string, string> {
  const ordered: Record<string, string> = {};
  for (const header of headers) if (Object.hasOwn(raw, header)) ordered[header] = raw[header] as string;
  for (const [header, value] of Object.entries(raw)) if (!Object.hasOwn(ordered, header)) ordered[header] = value;
  return ordered;
}

/** One current client of the business's portal with its row, queue figures and status history (oldest first). */
export async function getClientDetail(db: Db, businessId: string, portalId: string, clientId: string): Promise<ClientDetailView> {
  const portal = await getPortalRow(db, businessId, portalId);
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.portalId, portal.id), eq(clients.clientId, clientId)));
  if (!row || row.removedAt) throw new NotFoundError(clientNotFoundMessage);
  const estimate = row.queueState === 'queued' ? ((await readClientEstimates(db, portal.id, [clientId])).get(clientId) ?? null) : null;
  const [history, [queue]] = await Promise.all([
    db
      .select({ oldStatus: clientStatusHistory.oldStatus, newStatus: clientStatusHistory.newStatus, changedAt: clientStatusHistory.changedAt })
      .from(clientStatusHistory)
      .where(and(eq(clientStatusHistory.portalId, portal.id), eq(clientStatusHistory.clientId, clientId)))
      .orderBy(asc(clientStatusHistory.changedAt), asc(clientStatusHistory.id))
      .limit(500),
    // The queue's length and how many of it are placed by hand, in one pass.
    db
      .select({ length: count(), placedByHand: count(clients.manualPosition) })
      .from(clients)
      .where(and(eq(clients.portalId, portal.id), eq(clients.queueState, 'queued'))),
  ]);
  return {
    clientId: row.clientId,
    displayId: displayClientId(row.sourceId, row.row),
    row: row.row,
    name: row.name,
    email: row.email,
    status: row.status,
    priority: row.priority,
    dueDate: row.dueDate,
    dueDateText: row.dueDateText,
    notes: row.notes,
    raw: inSheetOrder(row.raw, portal.detectedHeaders),
    queueState: row.queueState,
    queuePosition: row.queuePosition,
    estimatedCompletion: estimate?.likely ?? row.estimatedCompletion,
    estimate,
    manualPosition: row.manualPosition,
    queueLength: Number(queue?.length ?? 0),
    placedByHand: Number(queue?.placedByHand ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history: history.map((h) => ({ ...h, changedAt: h.changedAt.toISOString() })),
  };
}
