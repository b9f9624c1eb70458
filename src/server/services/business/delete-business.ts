import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { businessProfiles, users } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { recordActivity } from '../activity/record-activity';

/**
 * Deletes a business with its owner's account. The user row cascades to the business profile, sessions,
 * credentials and second factor; the portals feature's tables hang off the business (or its owner) with
 * cascading keys, so its portals and clients go too. Logged in the same transaction.
 */
export async function deleteBusiness({ db, portalMeta }: Pick<AppContext, 'db' | 'portalMeta'>, id: string, actor: { userId: string; ipAddress?: string | null }): Promise<void> {
  await db.transaction(async (tx) => {
    const [profile] = await tx.select().from(businessProfiles).where(eq(businessProfiles.id, id));
    if (!profile) throw new NotFoundError('No such business.');
    const [user] = await tx.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, profile.userId));
    if (user?.role === 'admin') {
      // An operator's own account is never deleted from here; only the business goes.
      await tx.delete(businessProfiles).where(eq(businessProfiles.id, id));
    } else {
      await tx.delete(users).where(eq(users.id, profile.userId));
    }
    await recordActivity(tx, {
      type: 'admin.business_deleted',
      actorUserId: actor.userId,
      businessId: id,
      ipAddress: actor.ipAddress,
      detail: {
        companyName: profile.companyName,
        email: user?.email ?? profile.email,
        plan: profile.plan,
        status: profile.status,
        createdAt: profile.createdAt.toISOString(),
      },
    });
  });
  portalMeta.businessChanged(id);
}
