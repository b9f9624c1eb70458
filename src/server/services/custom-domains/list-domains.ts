import { eq } from 'drizzle-orm';
import type { CustomDomainList } from '@core/api/custom-domains';
import type { AppContext } from '../../context';
import { customDomains } from '../../db/schema';
import { requirePlanFeature } from '../business/plan-access';
import { getPortalRow } from '../portals/get-portal';
import { domainView } from './domain-view';

/** The portal's domain (at most one) with its records and state, and the CNAME target. */
export async function listDomains(ctx: AppContext, business: { id: string; plan: string }, portalId: string): Promise<CustomDomainList> {
  requirePlanFeature(business, 'customDomain');
  await getPortalRow(ctx.db, business.id, portalId);
  const rows = await ctx.db.select().from(customDomains).where(eq(customDomains.portalId, portalId));
  return { domains: rows.map((r) => domainView(r, ctx.env.PORTAL_DOMAIN_TARGET)), target: ctx.env.PORTAL_DOMAIN_TARGET };
}
