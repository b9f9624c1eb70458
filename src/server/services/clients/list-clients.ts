import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { displayClientId } from '@core/sync/identity';
import type { Db } from '../../db/client';
import { clients, type QueueState } from '../../db/schema';

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
  estimatedCompletion: string | null;
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
  /** One client only (internal: the restore answer). */
  clientId?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of a portal's clients in sheet order. `search` matches part of the name, e-mail or status (this is the
 * business's own list; the public portal matches exactly, D3); `status` matches the status text exactly, ignoring
 * case. Also the distinct statuses, for the filter.
 */
export async function listClients(db: Db, portalId: string, query: ClientListQuery): Promise<{ clients: ClientView[]; total: number; statuses: string[] }> {
  const conditions: SQL[] = [eq(clients.portalId, portalId), query.removed ? isNotNull(clients.removedAt) : isNull(clients.removedAt)];
  if (query.clientId !== undefined) conditions.push(eq(clients.clientId, query.clientId));
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(or(ilike(clients.name, pattern), ilike(clients.email, pattern), ilike(clients.status, pattern))!);
  }
  const status = query.status?.trim();
  if (status) conditions.push(sql`lower(${clients.status}) = ${status.toLowerCase()}`);
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
      .selectDistinct({ status: clients.status })
      .from(clients)
      .where(and(eq(clients.portalId, portalId), isNull(clients.removedAt)))
      .orderBy(asc(clients.status))
      .limit(200),
  ]);
  return {
    clients: rows.map((r) => ({
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
      estimatedCompletion: r.estimatedCompletion,
      manualPosition: r.manualPosition,
      removedAt: r.removedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: totals[0]?.n ?? 0,
    statuses: statuses.map((s) => s.status),
  };
}
