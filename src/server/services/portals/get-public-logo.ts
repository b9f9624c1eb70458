import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { businessProfiles, portalLogos, portals } from '../../db/schema';
import { portalOpen } from '../billing/business-standing';

export interface PublicLogo {
  contentType: string;
  sha256: string;
  bytes: Buffer;
}

/**
 * A portal's uploaded logo as anyone may fetch it, or null: no such portal, no upload, or its portals do not answer
 * clients (the business is suspended, or its trial or subscription lapsed after the grace): such a portal shows the
 * unavailable page, without branding.
 */
export async function getPublicLogo(ctx: Pick<AppContext, 'db' | 'settings' | 'clock'>, portalId: string): Promise<PublicLogo | null> {
  const [row] = await ctx.db
    .select({
      contentType: portalLogos.contentType,
      sha256: portalLogos.sha256,
      bytes: portalLogos.bytes,
      businessStatus: businessProfiles.status,
      trialEndsAt: businessProfiles.trialEndsAt,
      subscriptionStatus: businessProfiles.subscriptionStatus,
      graceEndsAt: businessProfiles.graceEndsAt,
    })
    .from(portalLogos)
    .innerJoin(portals, eq(portals.id, portalLogos.portalId))
    .innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId))
    .where(eq(portalLogos.portalId, portalId));
  if (!row || !(await portalOpen(ctx, row))) return null;
  return { contentType: row.contentType, sha256: row.sha256, bytes: row.bytes };
}
