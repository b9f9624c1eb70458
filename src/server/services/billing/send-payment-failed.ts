import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { isPlanId, plans } from '@core/plans';
import type { AppContext } from '../../context';
import { businessProfiles, users } from '../../db/schema';
import { sendOnce } from '../../jobs/lifecycle-claim';
import type { BusinessProfile } from '../business/get-business-by-user';
import { sendTemplateEmail } from '../email-templates/send-template-email';
import { billingPageUrl } from './start-checkout';

type MailCtx = Pick<AppContext, 'db' | 'env' | 'settings' | 'mailer' | 'logger'>;

/** "$79.00" from Stripe's amount in cents and its currency. */
export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** The payment-failed e-mail to the owner (when the platform setting is on), once per invoice and attempt. */
export async function sendPaymentFailed(ctx: MailCtx, business: BusinessProfile, invoice: Stripe.Invoice): Promise<void> {
  if (!(await ctx.settings.get()).email.paymentFailedEmailEnabled) return;
  const [owner] = await ctx.db
    .select({ email: users.email, plan: businessProfiles.plan })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(eq(businessProfiles.id, business.id));
  if (!owner) return;
  const values = {
    ownerName: business.ownerName,
    companyName: business.companyName,
    plan: isPlanId(owner.plan) ? plans[owner.plan].name : owner.plan,
    amount: formatAmount(invoice.amount_due, invoice.currency),
    link: billingPageUrl(ctx),
  };
  await sendOnce(ctx, business, 'payment_failed', `${invoice.id}:${invoice.attempt_count}`, () => sendTemplateEmail(ctx, 'payment_failed', owner.email, values));
}
