import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { businessProfiles, users } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { sendTemplateEmail } from '../email-templates/send-template-email';
import { createPasswordLinkToken, passwordLinkUrl } from './business-password-link';

type Ctx = Pick<AppContext, 'db' | 'env' | 'mailer' | 'settings'>;

/** E-mails the owner a new link to choose a password (an operator's "Send password link"). */
export async function sendBusinessPasswordLink(ctx: Ctx, id: string, actor: { userId: string; ipAddress?: string | null }): Promise<void> {
  const { token, profile, email } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ profile: businessProfiles, email: users.email })
      .from(businessProfiles)
      .innerJoin(users, eq(users.id, businessProfiles.userId))
      .where(eq(businessProfiles.id, id));
    if (!row) throw new NotFoundError('No such business.');
    const t = await createPasswordLinkToken(tx, row.profile.userId);
    await recordActivity(tx, {
      type: 'admin.password_link_sent',
      actorUserId: actor.userId,
      businessId: id,
      ipAddress: actor.ipAddress,
      detail: { email: row.email },
    });
    return { token: t, profile: row.profile, email: row.email };
  });
  await sendTemplateEmail(ctx, 'account_invitation', email, {
    ownerName: profile.ownerName,
    companyName: profile.companyName,
    email,
    link: passwordLinkUrl(ctx.env.APP_URL, token),
  });
}
