import { eq } from 'drizzle-orm';
import type { CustomDomain } from '@core/api/custom-domains';
import { domainMessages, domainNameProblem, normalizeDomainName } from '@core/custom-domains';
import type { AppContext } from '../../context';
import { customDomains } from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { requirePlanFeature } from '../business/plan-access';
import { getPortalRow } from '../portals/get-portal';
import { forgetServedDomain } from './served-domains';
import { domainView } from './domain-view';
import { isUniqueViolation, newDomainToken, platformDomains, refuseTakenName } from './domain-rules';

type Business = { id: string; plan: string };

/**
 * Adds a name to a portal (pending until verified) and answers the two records to create. One name per portal:
 * adding the name it already has answers it again; another name is refused until the first is removed.
 */
export async function addDomain(ctx: AppContext, business: Business, portalId: string, input: string, actorUserId: string | null): Promise<{ created: boolean; domain: CustomDomain }> {
  requirePlanFeature(business, 'customDomain');
  await getPortalRow(ctx.db, business.id, portalId);
  const name = normalizeDomainName(input);
  const problem = domainNameProblem(name, platformDomains(ctx.env));
  if (problem) throw new ValidationError(problem, 'invalid_domain');
  const [existing] = await ctx.db.select().from(customDomains).where(eq(customDomains.portalId, portalId));
  if (existing && existing.name === name) return { created: false, domain: domainView(existing, ctx.env.PORTAL_DOMAIN_TARGET) };
  if (existing) throw new ConflictError(domainMessages.onePerPortal(existing.name), 'domain_exists');
  await refuseTakenName(ctx.db, name, portalId);
  try {
    const [row] = await ctx.db.insert(customDomains).values({ name, portalId, businessId: business.id, token: newDomainToken(), createdAt: ctx.clock.now() }).returning();
    await recordActivity(ctx.db, { type: 'domain.added', businessId: business.id, actorUserId, detail: { portalId, name } });
    forgetServedDomain(ctx, name);
    return { created: true, domain: domainView(row!, ctx.env.PORTAL_DOMAIN_TARGET) };
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(domainMessages.onePerPortal(name), 'domain_exists');
    throw err;
  }
}
