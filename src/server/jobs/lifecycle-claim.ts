import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { lifecycleEmails } from '../db/schema';
import { recordActivity } from '../services/activity/record-activity';
import type { EmailTemplateKey } from '../services/email-templates/catalog';

type JobContext = Pick<AppContext, 'db' | 'logger'>;

/**
 * Claims one e-mail (business, kind, occasion) and sends it. The insert is the claim: with several instances,
 * only the one whose insert succeeds sends. A failed send gives the claim back so the next run retries.
 */
export async function sendOnce(
  ctx: JobContext,
  business: { id: string; companyName: string },
  kind: EmailTemplateKey,
  occasion: string,
  send: () => Promise<void>,
): Promise<boolean> {
  const claimed = await ctx.db
    .insert(lifecycleEmails)
    .values({ businessId: business.id, kind, occasion })
    .onConflictDoNothing()
    .returning({ businessId: lifecycleEmails.businessId });
  if (claimed.length === 0) return false;
  try {
    await send();
  } catch (err) {
    ctx.logger.warn({ err, businessId: business.id, kind }, 'lifecycle e-mail failed; will retry');
    await ctx.db
      .delete(lifecycleEmails)
      .where(and(eq(lifecycleEmails.businessId, business.id), eq(lifecycleEmails.kind, kind), eq(lifecycleEmails.occasion, occasion)));
    return false;
  }
  await recordActivity(ctx.db, { type: `email.${kind}_sent`, businessId: business.id, detail: { companyName: business.companyName, occasion } });
  return true;
}
