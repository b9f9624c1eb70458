import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { businessProfiles, sessions, users } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import type { BusinessInput } from './business-input';
import { requireStorableTimeZone } from './time-zone';
import { statusOnReactivation, type BusinessStatus } from '@core/business-status';

interface Actor {
  userId: string;
  ipAddress?: string | null;
}

/** Applies a status change inside a transaction: suspension ends every session of the owner. Logged. */
async function applyStatus(
  tx: Tx,
  profile: typeof businessProfiles.$inferSelect,
  status: BusinessStatus,
  actor: Actor,
  now: Date,
): Promise<void> {
  if (profile.status === status) return;
  // A suspension remembers the status it interrupts (a trial keeps its end date), so reactivating returns to it.
  const statusBeforeSuspension = status === 'suspended' ? profile.status : null;
  await tx.update(businessProfiles).set({ status, statusBeforeSuspension, updatedAt: now }).where(eq(businessProfiles.id, profile.id));
  let sessionsEnded = 0;
  if (status === 'suspended') {
    const ended = await tx.delete(sessions).where(eq(sessions.userId, profile.userId)).returning({ id: sessions.id });
    sessionsEnded = ended.length;
  }
  await recordActivity(tx, {
    type: 'admin.business_status_changed',
    actorUserId: actor.userId,
    businessId: profile.id,
    ipAddress: actor.ipAddress,
    detail: { companyName: profile.companyName, from: profile.status, to: status, ...(status === 'suspended' ? { sessionsEnded } : {}) },
  });
}

/** Activate, Suspend (ends the owner's sessions; sign-in is refused while suspended), or any other status. */
export async function setBusinessStatus({ db, portalMeta }: Pick<AppContext, 'db' | 'portalMeta'>, id: string, status: BusinessStatus, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [profile] = await tx.select().from(businessProfiles).where(eq(businessProfiles.id, id));
    if (!profile) throw new NotFoundError('No such business.');
    await applyStatus(tx, profile, status, actor, new Date());
  });
  portalMeta.businessChanged(id);
}

/**
 * Reactivate: a suspended business returns to the status it had before (trial with its end date, active, or
 * inactive). 409 when the business is not suspended. Returns the status it returned to.
 */
export async function reactivateBusiness({ db, portalMeta }: Pick<AppContext, 'db' | 'portalMeta'>, id: string, actor: Actor): Promise<BusinessStatus> {
  const status = await db.transaction(async (tx) => {
    const [profile] = await tx.select().from(businessProfiles).where(eq(businessProfiles.id, id));
    if (!profile) throw new NotFoundError('No such business.');
    if (profile.status !== 'suspended') throw new ConflictError('This business is not suspended.', 'not_suspended');
    const back = statusOnReactivation(profile.statusBeforeSuspension);
    await applyStatus(tx, profile, back, actor, new Date());
    return back;
  });
  portalMeta.businessChanged(id);
  return status;
}

/** The operator's edit form: company, owner, e-mail (also the sign-in e-mail), phone, plan and status. */
export async function updateBusiness({ db, portalMeta }: Pick<AppContext, 'db' | 'portalMeta'>, id: string, input: BusinessInput, actor: Actor): Promise<void> {
  // Checked outside the transaction (the embedded database has one connection), and only when it changes: a zone
  // stored before the check must not stop every other edit of the business.
  const [current] = await db.select({ timeZone: businessProfiles.timeZone }).from(businessProfiles).where(eq(businessProfiles.id, id));
  const timeZone = input.timeZone === undefined || input.timeZone === current?.timeZone ? input.timeZone : await requireStorableTimeZone(db, input.timeZone);
  await db.transaction(async (tx) => {
    const [profile] = await tx.select().from(businessProfiles).where(eq(businessProfiles.id, id));
    if (!profile) throw new NotFoundError('No such business.');
    const [user] = await tx.select().from(users).where(eq(users.id, profile.userId));
    const now = new Date();
    const changed: string[] = [];
    if (user && user.email !== input.email) {
      const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, input.email), ne(users.id, user.id)));
      if (taken) throw new ConflictError('An account with this e-mail already exists.', 'email_taken');
      await tx.update(users).set({ email: input.email, emailVerified: false, updatedAt: now }).where(eq(users.id, user.id));
      changed.push('email');
    }
    if (user && user.name !== input.ownerName) await tx.update(users).set({ name: input.ownerName, updatedAt: now }).where(eq(users.id, user.id));
    const fields = { companyName: input.companyName, ownerName: input.ownerName, phone: input.phone, plan: input.plan, timeZone: timeZone ?? profile.timeZone } as const;
    for (const [k, v] of Object.entries(fields)) if (profile[k as keyof typeof fields] !== v) changed.push(k);
    await tx.update(businessProfiles).set({ ...fields, email: input.email, updatedAt: now }).where(eq(businessProfiles.id, id));
    if (changed.length) {
      await recordActivity(tx, {
        type: 'admin.business_updated',
        actorUserId: actor.userId,
        businessId: id,
        ipAddress: actor.ipAddress,
        detail: { companyName: input.companyName, changed, ...(changed.includes('plan') ? { planFrom: profile.plan, planTo: input.plan } : {}) },
      });
    }
    await applyStatus(tx, { ...profile, companyName: input.companyName }, input.status, actor, now);
  });
  portalMeta.businessChanged(id);
}
