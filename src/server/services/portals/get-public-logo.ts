import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessProfiles, portalLogos, portals } from '../../db/schema';

export interface PublicLogo {
  contentType: string;
  sha256: string;
  bytes: Buffer;
}

/**
 * A portal's uploaded logo as anyone may fetch it, or null: no such portal, no upload, or the business is
 * suspended (its portal shows an unavailable page, without branding).
 */
export async function getPublicLogo(db: Db, portalId: string): Promise<PublicLogo | null> {
  const [row] = await db
    .select({ contentType: portalLogos.contentType, sha256: portalLogos.sha256, bytes: portalLogos.bytes, businessStatus: businessProfiles.status })
    .from(portalLogos)
    .innerJoin(portals, eq(portals.id, portalLogos.portalId))
    .innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId))
    .where(eq(portalLogos.portalId, portalId));
  if (!row || row.businessStatus === 'suspended') return null;
  return { contentType: row.contentType, sha256: row.sha256, bytes: row.bytes };
}
