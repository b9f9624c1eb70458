import { and, count, desc, eq, gt, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, activityEvents, businessProfiles, sessions, users } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { portalCountsByBusiness } from '../admin/portal-stats';

export interface BusinessDetail {
  id: string;
  userId: string;
  companyName: string;
  ownerName: string;
  email: string;
  phone: string;
  plan: string;
  status: string;
  /** While suspended: the status a reactivation returns to. */
  statusBeforeSuspension: string | null;
  timeZone: string;
  trialEndsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  portalCount: number;
  lastSignInAt: Date | null;
  activeSessions: number;
  /** False until the owner has chosen a password (a business added by an operator). */
  hasPassword: boolean;
}

/** One business for the back office's detail view. */
export async function getBusinessDetail(db: Db, id: string): Promise<BusinessDetail> {
  const [row] = await db
    .select({ profile: businessProfiles, email: users.email })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(eq(businessProfiles.id, id));
  if (!row) throw new NotFoundError('No such business.');
  const p = row.profile;
  const [lastSignIn] = await db
    .select({ at: max(activityEvents.createdAt) })
    .from(activityEvents)
    .where(and(eq(activityEvents.type, 'auth.sign_in'), eq(activityEvents.actorUserId, p.userId)));
  const [sessionCount] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, p.userId), gt(sessions.expiresAt, new Date())));
  const [credential] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, p.userId), eq(accounts.providerId, 'credential')))
    .orderBy(desc(accounts.createdAt))
    .limit(1);
  const portals = await portalCountsByBusiness(db);
  return {
    id: p.id,
    userId: p.userId,
    companyName: p.companyName,
    ownerName: p.ownerName,
    email: row.email,
    phone: p.phone,
    plan: p.plan,
    status: p.status,
    statusBeforeSuspension: p.status === 'suspended' ? (p.statusBeforeSuspension ?? null) : null,
    timeZone: p.timeZone,
    trialEndsAt: p.trialEndsAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    portalCount: portals.get(p.id) ?? 0,
    lastSignInAt: lastSignIn?.at ? new Date(lastSignIn.at) : null,
    activeSessions: sessionCount?.n ?? 0,
    hasPassword: Boolean(credential),
  };
}
