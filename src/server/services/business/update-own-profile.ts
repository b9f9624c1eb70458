import { eq } from 'drizzle-orm';
import type { ProfileUpdate } from '@core/validation/profile';
import type { AppContext } from '../../context';
import { businessProfiles, users } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import type { BusinessProfile } from './get-business-by-user';
import { requireStorableTimeZone } from './time-zone';

/**
 * The owner edits their business profile (company name, owner name, phone, time zone). The owner name is also the
 * account's name. Logged with the fields that changed.
 */
export async function updateOwnProfile({ db, portalMeta }: Pick<AppContext, 'db' | 'portalMeta'>, business: BusinessProfile, input: ProfileUpdate, actor: { userId: string; ipAddress?: string | null }): Promise<void> {
  const timeZone = input.timeZone === business.timeZone ? input.timeZone : await requireStorableTimeZone(db, input.timeZone);
  const fields = { companyName: input.companyName, ownerName: input.ownerName, phone: input.phone, timeZone } as const;
  const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter((k) => business[k] !== fields[k]);
  if (changed.length === 0) return;
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(businessProfiles).set({ ...fields, updatedAt: now }).where(eq(businessProfiles.id, business.id));
    if (changed.includes('ownerName')) await tx.update(users).set({ name: input.ownerName, updatedAt: now }).where(eq(users.id, business.userId));
    await recordActivity(tx, { type: 'business.profile_updated', actorUserId: actor.userId, businessId: business.id, ipAddress: actor.ipAddress, detail: { changed } });
  });
  portalMeta.businessChanged(business.id);
}
