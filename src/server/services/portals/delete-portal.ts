import { and, eq } from 'drizzle-orm';
import { messages } from '@core/messages';
import type { Db } from '../../db/client';
import { portals } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { forgetPortalMeta } from '../portal-lookup/lookup-queries';

/** Deletes a portal with its clients, status history and sync history (cascade), and records who did it. */
export async function deletePortal(db: Db, businessId: string, portalId: string, actor: { userId: string; ipAddress?: string | null }): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(portals)
      .where(and(eq(portals.id, portalId), eq(portals.businessId, businessId)))
      .returning({ id: portals.id, name: portals.name });
    if (!gone) throw new NotFoundError(messages.portals.notFound);
    await recordActivity(tx, {
      type: 'portal.deleted',
      actorUserId: actor.userId,
      businessId,
      ipAddress: actor.ipAddress ?? null,
      detail: { portalId: gone.id, name: gone.name },
    });
  });
  forgetPortalMeta(db, portalId);
}
