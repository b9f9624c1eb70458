import { and, eq } from 'drizzle-orm';
import { messages } from '@core/messages';
import type { AppContext } from '../../context';
import { portals } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { recordActivity } from '../activity/record-activity';

/** Deletes a portal with its clients, status history and sync history (cascade), and records who did it. */
export async function deletePortal({ db, portalMeta }: Pick<AppContext, 'db' | 'portalMeta'>, businessId: string, portalId: string, actor: { userId: string; ipAddress?: string | null }): Promise<void> {
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
  portalMeta.portalChanged(portalId);
}
