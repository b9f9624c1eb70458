import type Stripe from 'stripe';
import { priceInCents, priceLookupKey, type BillingPeriod } from '@core/billing/billing-state';
import { plans, YEARLY_DISCOUNT, type PlanId } from '@core/plans';

/**
 * The Stripe price of a plan and period, found by its lookup key (`statuslink_<plan>_<period>`), or created with its
 * product the first time: the prices are the ones core/plans shows (yearly 20 % off), in US dollars.
 */
export async function priceFor(stripe: Stripe, plan: PlanId, period: BillingPeriod): Promise<string> {
  const lookupKey = priceLookupKey(plan, period);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const monthly = plans[plan].monthlyPrice;
  if (monthly === null) throw new Error(`The ${plan} plan has no self-serve price`);
  const product = await stripe.products.create({ name: `${plans[plan].name} plan`, metadata: { plan } });
  const price = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: priceInCents(monthly, period, YEARLY_DISCOUNT),
    recurring: { interval: period === 'monthly' ? 'month' : 'year' },
    lookup_key: lookupKey,
    transfer_lookup_key: true,
    metadata: { plan, period },
  });
  return price.id;
}
