import { eq } from 'drizzle-orm';
import { UPLOADED_LOGO_PATH } from '@core/portal-logo';
import { readPortalConfig } from '@core/portal-config';
import type { AppContext } from '../../context';
import { portalLogos, portals } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import { getPortalRow } from './get-portal';

/**
 * Removes the business's portal's uploaded logo. A logoUrl pointing at the upload is cleared; a logo address the
 * business typed (https://...) is kept. Returns whether there was an upload.
 */
export async function deletePortalLogo({ db, portalMeta }: Pick<AppContext, 'db' | 'portalMeta'>, businessId: string, portalId: string, actor: { userId: string; ipAddress?: string | null }): Promise<boolean> {
  const portal = await getPortalRow(db, businessId, portalId);
  const removedAny = await db.transaction(async (tx) => {
    const removed = await tx.delete(portalLogos).where(eq(portalLogos.portalId, portal.id)).returning({ portalId: portalLogos.portalId });
    const [current] = await tx.select({ config: portals.config }).from(portals).where(eq(portals.id, portal.id)).for('update');
    const config = readPortalConfig(current?.config);
    if (UPLOADED_LOGO_PATH.test(config.logoUrl)) {
      await tx
        .update(portals)
        .set({ config: { ...config, logoUrl: '' }, updatedAt: new Date() })
        .where(eq(portals.id, portal.id));
    }
    if (removed.length > 0) {
      await recordActivity(tx, { type: 'portal.logo_removed', actorUserId: actor.userId, businessId, ipAddress: actor.ipAddress ?? null, detail: { portalId: portal.id } });
    }
    return removed.length > 0;
  });
  portalMeta.portalChanged(portal.id);
  return removedAny;
}
