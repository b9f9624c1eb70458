import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { breakdownKey, classifyStatus, type StatusClass } from '@core/status';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import { statusKeySql } from '../clients/list-clients';
import { getPortalRow } from '../portals/get-portal';

/** Number of clients in the recent-activity list (spec 9). */
export const RECENT_CLIENTS = 5;

export interface DashboardView {
  portalId: string;
  sourceType: 'google_sheet' | 'csv_upload' | 'managed' | 'none';
  /** The last sync or import that applied; null: never. */
  lastUpdated: string | null;
  totalClients: number;
  completed: number;
  inProgress: number;
  pending: number;
  /** Status (core's breakdownKey, as the status filter groups) to count, largest first. */
  statusBreakdown: { status: string; count: number }[];
  recent: { clientId: string; name: string; email: string; status: string; statusClass: StatusClass; updatedAt: string }[];
}

/**
 * The dashboard's figures for one of the business's portals (spec 2.15, spec 3 dashboard stats), computed in the
 * database by status (one row per distinct status, so it stays quick at 100,000 clients).
 */
export async function getDashboard(db: Db, businessId: string, portalId: string): Promise<DashboardView> {
  const portal = await getPortalRow(db, businessId, portalId);
  const current = and(eq(clients.portalId, portal.id), isNull(clients.removedAt));
  const [groups, recent] = await Promise.all([
    db.select({ status: statusKeySql, n: count() }).from(clients).where(current).groupBy(statusKeySql),
    db
      .select({ clientId: clients.clientId, name: clients.name, email: clients.email, status: clients.status, updatedAt: clients.updatedAt })
      .from(clients)
      .where(current)
      .orderBy(desc(clients.updatedAt), desc(clients.row))
      .limit(RECENT_CLIENTS),
  ]);
  const view: DashboardView = {
    portalId: portal.id,
    sourceType: portal.sourceType,
    lastUpdated: portal.lastSyncedAt?.toISOString() ?? null,
    totalClients: 0,
    completed: 0,
    inProgress: 0,
    pending: 0,
    statusBreakdown: [],
    recent: recent.map((r) => ({ ...r, statusClass: classifyStatus(r.status), updatedAt: r.updatedAt.toISOString() })),
  };
  const breakdown = new Map<string, number>();
  for (const g of groups) {
    const n = Number(g.n);
    view.totalClients += n;
    const cls = classifyStatus(g.status);
    if (cls === 'completed') view.completed += n;
    else if (cls === 'in-progress') view.inProgress += n;
    else if (cls === 'pending') view.pending += n;
    const key = breakdownKey(g.status);
    breakdown.set(key, (breakdown.get(key) ?? 0) + n);
  }
  view.statusBreakdown = [...breakdown].map(([status, n]) => ({ status, count: n })).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  return view;
}
