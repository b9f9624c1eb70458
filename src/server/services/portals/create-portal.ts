import { count, eq } from 'drizzle-orm';
import { messages } from '@core/messages';
import { defaultPortalConfig } from '@core/portal-config';
import { canAddPortal } from '@core/plans';
import { generatePortalId } from '@core/portal-id';
import { defaultWorkloadSettings } from '@core/workload-settings';
import type { Db } from '../../db/client';
import { businessProfiles, portals } from '../../db/schema';
import { ForbiddenError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import type { BusinessProfile } from '../business/get-business-by-user';
import { planOf, portalLimitMessage } from './portal-plan';
import { toPortalView, type PortalView } from './portal-view';

/**
 * Creates a portal within the plan's allowance (D5): the business row is locked while counting, so two requests
 * at once cannot both take the last place. The activity row is written in the same transaction.
 */
export async function createPortal(
  db: Db,
  business: BusinessProfile,
  input: { name?: string; actorUserId: string; ipAddress?: string | null },
): Promise<PortalView> {
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ plan: businessProfiles.plan }).from(businessProfiles).where(eq(businessProfiles.id, business.id)).for('update');
    const plan = planOf(locked?.plan ?? business.plan);
    const [existing] = await tx.select({ n: count() }).from(portals).where(eq(portals.businessId, business.id));
    const current = existing?.n ?? 0;
    if (!canAddPortal(plan, current)) throw new ForbiddenError(portalLimitMessage(plan) ?? '', 'portal_limit_reached');
    const name = input.name?.trim() || (current === 0 ? messages.portals.defaultName : `${messages.portals.defaultName} ${current + 1}`);
    let created: typeof portals.$inferSelect | undefined;
    for (let attempt = 0; attempt < 5 && !created; attempt += 1) {
      [created] = await tx
        .insert(portals)
        .values({
          id: generatePortalId(),
          businessId: business.id,
          name,
          config: defaultPortalConfig(business.companyName),
          workloadSettings: defaultWorkloadSettings,
        })
        .onConflictDoNothing({ target: portals.id })
        .returning();
    }
    if (!created) throw new Error('could not generate a unique portal id');
    await recordActivity(tx, {
      type: 'portal.created',
      actorUserId: input.actorUserId,
      businessId: business.id,
      ipAddress: input.ipAddress ?? null,
      detail: { portalId: created.id, name },
    });
    return created;
  });
  return toPortalView(row, 0);
}
