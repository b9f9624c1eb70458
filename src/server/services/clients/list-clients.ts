import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { statusKey } from '@core/status';
import { displayClientId } from '@core/sync/identity';
import type { Db } from '../../db/client';
import type { ClientEstimateView } from '@core/api/estimates';
import { clients, type QueueState } from '../../db/schema';
import { AppError } from '../../errors';
import { readClientEstimates } from '../estimates/client-estimate-view';

export interface ClientView {
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
  queueState: QueueState | null;
  queuePosition: number | null;
  /** The most likely date of the estimate when there is one (issue 20), else the settings' formula. */
  estimatedCompletion: string | null;
  estimate: ClientEstimateView | null;
  manualPosition: number | null;
  removedAt: string | null;
  updatedAt: string;
}

export interface ClientListQuery {
  search?: string;
  status?: string;
  page: number;
  pageSize: number;
  /** List the clients marked removed (kept 30 days) instead of the current ones. */
  removed?: boolean;
}

/** The portal's clients the list shows: its current ones, or with `removed` those marked removed. */
const listedIn = (portalId: string, removed: boolean) => and(eq(clients.portalId, portalId), removed ? isNotNull(clients.removedAt) : isNull(clients.removedAt))!;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The status column as core's statusKey writes it (trimmed, inner spaces collapsed, lower-cased). */
export const statusKeySql = sql<string>`lower(btrim(regexp_replace(${clients.status}, '\\s+', ' ', 'g')))`;

/** One entry per status key, named as most of its clients write it (ties: the first in sort order). */
function groupStatuses(variants: { status: string; n: number }[]): string[] {
  const byKey = new Map<string, string>();
  for (const v of variants) {
    const key = statusKey(v.status);
    if (!byKey.has(key)) byKey.set(key, v.status.trim());
  }
  return [...byKey].sort(([a], [b]) => a.localeCompare(b)).map(([, label]) => label);
}

/**
 * One page of a portal's clients in sheet order. `search` matches part of the name, e-mail or status (this is the
 * business's own list; the public portal matches exactly, D3); `status` matches every spelling of the status
 * (statusKey: case and spacing). Also the distinct statuses, one per key, for the filter.
 */
export async function listClients(db: Db, portalId: string, query: ClientListQuery): Promise<{ clients: ClientView[]; total: number; statuses: string[] }> {
  const conditions: SQL[] = [listedIn(portalId, query.removed ?? false)];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(or(ilike(clients.name, pattern), ilike(clients.email, pattern), ilike(clients.status, pattern))!);
  }
  const status = statusKey(query.status ?? '');
  if (status) conditions.push(sql`${statusKeySql} = ${status}`);
  const where = and(...conditions);
  const [rows, totals, statuses] = await Promise.all([
    db
      .select()
      .from(clients)
      .where(where)
      .orderBy(asc(clients.row), asc(clients.clientId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(clients).where(where),
    db
      .select({ status: clients.status, n: count() })
      .from(clients)
      .where(and(eq(clients.portalId, portalId), isNull(clients.removedAt)))
      .groupBy(clients.status)
      .orderBy(desc(count()), asc(clients.status))
      .limit(500),
  ]);
  return {
    clients: await clientViews(db, portalId, rows, query.removed ?? false),
    total: totals[0]?.n ?? 0,
    statuses: groupStatuses(statuses),
  };
}

type ClientRow = typeof clients.$inferSelect;

/** Stored clients as the business's list shows them, with their estimates (none for removed ones). */
async function clientViews(db: Db, portalId: string, rows: readonly ClientRow[], removed: boolean): Promise<ClientView[]> {
  const estimates = await readClientEstimates(db, portalId, removed ? [] : rows.filter((r) => r.queueState === 'queued').map((r) => r.clientId));
  return rows.map((r) => ({
    clientId: r.clientId,
    displayId: displayClientId(r.sourceId, r.row),
    row: r.row,
    name: r.name,
    email: r.email,
    status: r.status,
    priority: r.priority,
    dueDate: r.dueDate,
    dueDateText: r.dueDateText,
    notes: r.notes,
    queueState: r.queueState,
    queuePosition: r.queuePosition,
    estimatedCompletion: estimates.get(r.clientId)?.likely ?? r.estimatedCompletion,
    estimate: estimates.get(r.clientId) ?? null,
    manualPosition: r.manualPosition,
    removedAt: r.removedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/**
 * A client just written, as the list shows it (a write's answer), current or, with `removed`, marked removed. Read by
 * its key alone: the list's total and statuses read the whole portal (9 ms at 10,000 clients on PostgreSQL, each
 * one-client write's answer). A 500 if it is not there: the write said it was.
 */
export async function writtenClientView(db: Db, portalId: string, clientId: string, removed = false): Promise<ClientView> {
  const rows = await db
    .select()
    .from(clients)
    .where(and(listedIn(portalId, removed), eq(clients.clientId, clientId)));
  const [view] = await clientViews(db, portalId, rows, removed);
  if (!view) throw new AppError(500, 'internal', 'The client was written but could not be read back.');
  return view;
}
