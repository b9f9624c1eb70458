import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { BillingPeriod } from '@core/billing/billing-state';
import { messages } from '@core/messages';
import { plans, type PlanId } from '@core/plans';
import type { AppContext } from '../../context';
import { businessProfiles } from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';
import { stripeConnection } from '../../integrations/stripe/stripe-connection';
import type { BusinessProfile } from '../business/get-business-by-user';
import { businessStanding } from './business-standing';
import { priceFor } from './stripe-prices';

type CheckoutCtx = Pick<AppContext, 'db' | 'env' | 'settings' | 'clock'>;

/** The Billing page's address, where Stripe sends the owner back. */
export const billingPageUrl = (ctx: Pick<AppContext, 'env'>) => `${ctx.env.APP_URL}/app/billing`;

/**
 * Opens Stripe Checkout for a subscription to the plan and period: the business's Stripe customer (created the
 * first time), the plan's price by lookup key, and the business id on the subscription so its webhooks find it.
 * A business that already pays changes plan, card or cancels in Stripe's customer portal instead.
 */
export async function startCheckout(ctx: CheckoutCtx, business: BusinessProfile, plan: PlanId, period: BillingPeriod): Promise<{ url: string }> {
  if (plan === 'enterprise') throw new ValidationError(messages.billing.enterprise, 'enterprise_by_sales');
  const connection = await stripeConnection(ctx);
  if (!connection) throw new ConflictError(messages.billing.notConnected, 'billing_not_connected');
  const standing = await businessStanding(ctx, business);
  if (standing.state === 'paying' || standing.state === 'past_due') {
    if (business.plan === plan && business.billingPeriod === period) throw new ConflictError(messages.billing.alreadyOnPlan(plans[plan].name), 'already_on_plan');
    throw new ConflictError(messages.billing.changeInPortal, 'change_in_portal');
  }
  const { stripe } = connection;
  const price = await priceFor(stripe, plan, period);
  const customer = await customerFor(ctx, stripe, business);
  const back = billingPageUrl(ctx);
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: business.id,
    line_items: [{ price, quantity: 1 }],
    metadata: { businessId: business.id, plan, period },
    subscription_data: { metadata: { businessId: business.id, plan, period } },
    success_url: `${back}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${back}?checkout=cancelled`,
  });
  if (!session.url) throw new Error('Stripe answered a checkout session without an address');
  return { url: session.url };
}

/** The business's Stripe customer id, created (and stored) the first time it pays. */
async function customerFor(ctx: CheckoutCtx, stripe: Stripe, business: BusinessProfile): Promise<string> {
  if (business.stripeCustomerId) return business.stripeCustomerId;
  const customer = await stripe.customers.create(
    { email: business.email, name: business.companyName, metadata: { businessId: business.id } },
    { idempotencyKey: `statuslink-customer-${business.id}` },
  );
  await ctx.db.update(businessProfiles).set({ stripeCustomerId: customer.id, updatedAt: ctx.clock.now() }).where(eq(businessProfiles.id, business.id));
  return customer.id;
}
