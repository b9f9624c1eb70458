import { and, count, lt, ne } from 'drizzle-orm';
import { DEMO_BUSINESS_ID } from '../../db/seed/demo-business';
import type { Db, Tx } from '../../db/client';
import { portals } from '../../db/schema';

// Client portals belong to the portals feature; the back office only counts them (not the demo business's,
// a fixture of every install, not a customer).

/** True once the portals feature exists (kept so the figures can say "not available" otherwise). */
export async function portalsAvailable(_db: Db | Tx): Promise<boolean> {
  return true;
}

/** Portal count per business id (businesses without portals are absent). */
export async function portalCountsByBusiness(db: Db | Tx): Promise<Map<string, number>> {
  const rows = await db.select({ id: portals.businessId, n: count() }).from(portals).where(ne(portals.businessId, DEMO_BUSINESS_ID)).groupBy(portals.businessId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** All portals on the platform (created before `before`, when given). */
export async function countPortals(db: Db | Tx, before?: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(portals)
    .where(and(ne(portals.businessId, DEMO_BUSINESS_ID), before ? lt(portals.createdAt, before) : undefined));
  return row?.n ?? 0;
}

/** Creation times of every portal (for the daily series). */
export async function portalCreationTimes(db: Db | Tx): Promise<Date[]> {
  return (await db.select({ at: portals.createdAt }).from(portals).where(ne(portals.businessId, DEMO_BUSINESS_ID))).map((r) => r.at);
}
