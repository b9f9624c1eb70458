import type { AppContext } from '../../context';
import { messages } from '@core/messages';
import { ConflictError } from '../../errors';
import { stripeConnection } from '../../integrations/stripe/stripe-connection';
import type { BusinessProfile } from '../business/get-business-by-user';
import { billingPageUrl } from './start-checkout';

/** Opens Stripe's customer portal for the business (invoices, card, plan, cancel), coming back to the Billing page. */
export async function openBillingPortal(ctx: Pick<AppContext, 'db' | 'env'>, business: BusinessProfile): Promise<{ url: string }> {
  const connection = await stripeConnection(ctx);
  if (!connection) throw new ConflictError(messages.billing.notConnected, 'billing_not_connected');
  if (!business.stripeCustomerId) throw new ConflictError(messages.billing.noCustomer, 'no_billing_account');
  const session = await connection.stripe.billingPortal.sessions.create({ customer: business.stripeCustomerId, return_url: billingPageUrl(ctx) });
  return { url: session.url };
}
