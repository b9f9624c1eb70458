import { and, count, eq, gt, isNull, or } from 'drizzle-orm';
import type { PlanUse } from '@core/billing/plan-change';
import type { Db } from '../../db/client';
import { apiKeys, customDomains, portals, webhookEndpoints } from '../../db/schema';

/** What the business uses now that a smaller plan may not allow (core whatDoesNotFit). */
export async function planUse(db: Db, businessId: string, now: Date): Promise<PlanUse> {
  const n = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
  const [portalCount, domainCount, keyCount, endpointCount] = await Promise.all([
    n(db.select({ n: count() }).from(portals).where(eq(portals.businessId, businessId))),
    n(db.select({ n: count() }).from(customDomains).where(eq(customDomains.businessId, businessId))),
    n(db.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.businessId, businessId), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))))),
    n(db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.businessId, businessId))),
  ]);
  return { portals: portalCount, customDomains: domainCount, activeApiKeys: keyCount, webhookEndpoints: endpointCount };
}
