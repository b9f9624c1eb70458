import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessProfiles } from '../../db/schema';

export type BusinessProfile = typeof businessProfiles.$inferSelect;

/** The business owned by a user, or null (platform operators may have none). */
export async function getBusinessByUser(db: Db, userId: string): Promise<BusinessProfile | null> {
  const [row] = await db.select().from(businessProfiles).where(eq(businessProfiles.userId, userId));
  return row ?? null;
}
