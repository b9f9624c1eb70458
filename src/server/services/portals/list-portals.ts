import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { canAddPortal } from '@core/plans';
import type { Db } from '../../db/client';
import { clients, portals } from '../../db/schema';
import type { BusinessProfile } from '../business/get-business-by-user';
import { planOf, portalLimitMessage } from './portal-plan';
import { toPortalView, type PortalView } from './portal-view';

export interface PortalList {
  portals: PortalView[];
  total: number;
  plan: { id: string; name: string; portalLimit: number | null };
  canAddPortal: boolean;
  /** Set when the plan's limit is reached: the message with its upgrade hint. */
  limitMessage: string | null;
}

/** The business's portals, oldest first, with client counts and what the plan still allows. */
export async function listPortals(db: Db, business: BusinessProfile): Promise<PortalList> {
  const rows = await db.select().from(portals).where(eq(portals.businessId, business.id)).orderBy(asc(portals.createdAt), asc(portals.id));
  const counts = new Map<string, number>();
  if (rows.length > 0) {
    const grouped = await db
      .select({ portalId: clients.portalId, n: count() })
      .from(clients)
      .where(and(inArray(clients.portalId, rows.map((r) => r.id)), isNull(clients.removedAt)))
      .groupBy(clients.portalId);
    for (const g of grouped) counts.set(g.portalId, g.n);
  }
  const plan = planOf(business.plan);
  const canAdd = canAddPortal(plan, rows.length);
  return {
    portals: rows.map((r) => toPortalView(r, counts.get(r.id) ?? 0)),
    total: rows.length,
    plan: { id: plan.id, name: plan.name, portalLimit: plan.portals },
    canAddPortal: canAdd,
    limitMessage: canAdd ? null : portalLimitMessage(plan),
  };
}
