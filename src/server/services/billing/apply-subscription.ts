import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { graceEnd, parsePriceLookupKey } from '@core/billing/billing-state';
import { isPlanId } from '@core/plans';
import type { Tx } from '../../db/client';
import { businessProfiles } from '../../db/schema';
import type { BusinessProfile } from '../business/get-business-by-user';

const PAID = new Set(['active', 'trialing']);
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * Puts the subscription's current state on the business: a paid subscription makes the plan it pays for active (and
 * ends any grace); a failed payment or a cancellation starts the grace (once, from now); the business's data is
 * never touched. News of an older subscription that ended does not undo the one the business pays now.
 */
export async function applySubscription(tx: Tx, business: BusinessProfile, sub: Stripe.Subscription, at: { now: Date; graceDays: number }): Promise<void> {
  const paid = PAID.has(sub.status);
  const replaced = business.stripeSubscriptionId !== null && business.stripeSubscriptionId !== sub.id;
  if (replaced && ENDED.has(sub.status)) return;
  const item = sub.items.data[0];
  const bought = parsePriceLookupKey(item?.price.lookup_key) ?? parsePriceLookupKey(`statuslink_${sub.metadata.plan}_${sub.metadata.period}`);
  const plan = bought && isPlanId(bought.plan) ? bought.plan : business.plan;
  await tx
    .update(businessProfiles)
    .set({
      stripeSubscriptionId: sub.id,
      stripeCustomerId: business.stripeCustomerId ?? (typeof sub.customer === 'string' ? sub.customer : sub.customer.id),
      subscriptionStatus: sub.status,
      plan,
      billingPeriod: bought?.period ?? business.billingPeriod,
      currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
      cancelAt: endsAt(sub),
      ...scheduledAfter(business, sub, bought),
      graceEndsAt: paid ? null : (business.graceEndsAt ?? graceEnd(at.now, at.graceDays)),
      ...statusFor(business, paid),
      updatedAt: at.now,
    })
    .where(eq(businessProfiles.id, business.id));
}

/** When the subscription is set to end: a date Stripe was given, or the end of the period when cancelled at it. */
function endsAt(sub: Stripe.Subscription): Date | null {
  if (sub.status === 'canceled') return null;
  if (sub.cancel_at) return new Date(sub.cancel_at * 1000);
  const end = sub.items.data[0]?.current_period_end;
  return sub.cancel_at_period_end && end ? new Date(end * 1000) : null;
}

/** A scheduled downgrade is forgotten once it took effect or its schedule is gone (released, cancelled). */
function scheduledAfter(business: BusinessProfile, sub: Stripe.Subscription, bought: { plan: string; period: string } | null) {
  const done = bought !== null && bought.plan === business.scheduledPlan && bought.period === business.scheduledPeriod;
  const gone = !sub.schedule || sub.status === 'canceled';
  return done || gone ? { scheduledPlan: null, scheduledPeriod: null, stripeScheduleId: null } : {};
}

/** A paid plan makes the business active; a suspended one stays suspended and returns to active when reactivated. */
function statusFor(business: BusinessProfile, paid: boolean): Partial<Pick<BusinessProfile, 'status' | 'statusBeforeSuspension'>> {
  if (!paid) return {};
  return business.status === 'suspended' ? { statusBeforeSuspension: 'active' } : { status: 'active' };
}
