import { eq } from 'drizzle-orm';
import { normalizeDomainName } from '@core/custom-domains';
import type { AppContext } from '../../context';
import { customDomains } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import { getPortalRow } from '../portals/get-portal';
import { findPortalDomain } from './domain-rules';
import { forgetServedDomain } from './served-domains';

/** Removes the portal's name: it stops being served at once (any plan may remove one). */
export async function deleteDomain(ctx: AppContext, businessId: string, portalId: string, input: string, actorUserId: string | null): Promise<void> {
  await getPortalRow(ctx.db, businessId, portalId);
  const row = await findPortalDomain(ctx.db, portalId, normalizeDomainName(input));
  await ctx.db.delete(customDomains).where(eq(customDomains.id, row.id));
  await recordActivity(ctx.db, { type: 'domain.removed', businessId, actorUserId, detail: { portalId, name: row.name } });
  forgetServedDomain(ctx, row.name);
}
