import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { businessProfiles, users } from '../../db/schema';
import { ConflictError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { sendTemplateEmail } from '../email-templates/send-template-email';
import type { BusinessInput } from './business-input';
import { requireStorableTimeZone } from './time-zone';
import { createPasswordLinkToken, passwordLinkUrl } from './business-password-link';

type Ctx = Pick<AppContext, 'db' | 'env' | 'mailer' | 'settings' | 'logger'>;

/**
 * Adds a business: the owner's account (no password yet) and the business profile, in one transaction with its
 * activity row, then e-mails the owner a link to choose a password.
 */
export async function createBusiness(
  ctx: Ctx,
  input: BusinessInput,
  actor: { userId: string; ipAddress?: string | null },
): Promise<{ id: string; userId: string; mailed: boolean }> {
  const s = await ctx.settings.get();
  const now = new Date();
  const userId = crypto.randomUUID();
  const id = crypto.randomUUID();
  const timeZone = input.timeZone === undefined ? 'UTC' : await requireStorableTimeZone(ctx.db, input.timeZone);
  const token = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (existing) throw new ConflictError('An account with this e-mail already exists.', 'email_taken');
    await tx.insert(users).values({ id: userId, name: input.ownerName, email: input.email, emailVerified: false, role: 'user', createdAt: now, updatedAt: now });
    await tx.insert(businessProfiles).values({
      id,
      userId,
      companyName: input.companyName,
      ownerName: input.ownerName,
      email: input.email,
      phone: input.phone,
      plan: input.plan,
      status: input.status,
      timeZone,
      trialEndsAt: input.status === 'trial' ? new Date(now.getTime() + s.general.trialDays * 86_400_000) : null,
      createdAt: now,
      updatedAt: now,
    });
    await recordActivity(tx, {
      type: 'admin.business_created',
      actorUserId: actor.userId,
      businessId: id,
      ipAddress: actor.ipAddress,
      detail: { companyName: input.companyName, email: input.email, plan: input.plan, status: input.status },
    });
    return createPasswordLinkToken(tx, userId, now);
  });
  let mailed = true;
  try {
    await sendTemplateEmail(ctx, 'account_invitation', input.email, {
      ownerName: input.ownerName,
      companyName: input.companyName,
      email: input.email,
      link: passwordLinkUrl(ctx.env.APP_URL, token),
    });
  } catch (err) {
    mailed = false;
    ctx.logger.warn({ err, businessId: id }, 'could not e-mail the password link of a new business');
  }
  return { id, userId, mailed };
}
