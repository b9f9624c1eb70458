import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { planChangeKind, whatDoesNotFit, type PlanChoice } from '@core/billing/plan-change';
import { messages } from '@core/messages';
import { plans } from '@core/plans';
import type { AppContext } from '../../context';
import { businessProfiles } from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';
import { stripeConnection, stripeId as idOf } from '../../integrations/stripe/stripe-connection';
import type { BusinessProfile } from '../business/get-business-by-user';
import { businessPlanId } from '../business/plan-access';
import { applySubscription } from './apply-subscription';
import { businessStanding } from './business-standing';
import { periodOf } from './get-billing';
import { planUse } from './plan-use';
import { priceFor } from './stripe-prices';

type ChangeCtx = Pick<AppContext, 'db' | 'env' | 'settings' | 'clock' | 'portalMeta'>;

/** The business's Stripe subscription, when it pays for its plan and may change it. */
interface Paid {
  stripe: Stripe;
  subscription: Stripe.Subscription;
}

/**
 * POST /api/v1/billing/change: a business that pays changes plan or period. An upgrade applies at once: the
 * subscription's price is swapped and Stripe invoices the prorated difference now (applied only once paid). A
 * downgrade waits for the end of the period paid for (a Stripe subscription schedule), and only when what the
 * business uses fits the smaller plan. Choosing the current plan again while a downgrade waits keeps it.
 */
export async function changePlan(ctx: ChangeCtx, business: BusinessProfile, to: PlanChoice): Promise<void> {
  if (to.plan === 'enterprise') throw new ValidationError(messages.billing.enterprise, 'enterprise_by_sales');
  const paid = await paidSubscription(ctx, business);
  const kind = planChangeKind({ plan: businessPlanId(business), period: periodOf(business.billingPeriod) ?? 'monthly' }, to);
  if (kind === 'same' && business.stripeScheduleId) return cancelScheduledChange(ctx, business);
  if (kind === 'same') throw new ConflictError(messages.billing.alreadyOnPlan(plans[to.plan].name), 'already_on_plan');
  if (kind === 'upgrade') return upgrade(ctx, paid, business, to);
  return scheduleDowngrade(ctx, paid, business, to);
}

async function paidSubscription(ctx: ChangeCtx, business: BusinessProfile): Promise<Paid> {
  const connection = await stripeConnection(ctx);
  if (!connection) throw new ConflictError(messages.billing.notConnected, 'billing_not_connected');
  const { state } = await businessStanding(ctx, business);
  if (state === 'past_due') throw new ConflictError(messages.billing.paymentFailed, 'payment_failed');
  if (state !== 'paying' || !business.stripeSubscriptionId) throw new ConflictError(messages.billing.noSubscription, 'no_subscription');
  if (business.cancelAt) throw new ConflictError(messages.billing.resumeFirst, 'resume_first');
  return { stripe: connection.stripe, subscription: await connection.stripe.subscriptions.retrieve(business.stripeSubscriptionId) };
}

/** Swaps the subscription's price now, Stripe invoicing the prorated difference; a waiting downgrade is dropped. */
async function upgrade(ctx: ChangeCtx, { stripe, subscription }: Paid, business: BusinessProfile, to: PlanChoice): Promise<void> {
  if (business.stripeScheduleId) await stripe.subscriptionSchedules.release(business.stripeScheduleId);
  const item = subscription.items.data[0]!;
  const price = await priceFor(stripe, to.plan, to.period);
  const updated = await stripe.subscriptions.update(
    subscription.id,
    { items: [{ id: item.id, price }], proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' },
    { idempotencyKey: `statuslink-upgrade-${subscription.id}-${item.price.id}-${item.current_period_start}-${price}` },
  );
  await apply(ctx, business, updated);
}

/** Schedules the smaller plan from the end of the current period (the current one until then). */
async function scheduleDowngrade(ctx: ChangeCtx, { stripe, subscription }: Paid, business: BusinessProfile, to: PlanChoice): Promise<void> {
  const problems = whatDoesNotFit(to.plan, await planUse(ctx.db, business.id, ctx.clock.now()));
  if (problems.length > 0) throw new ConflictError(messages.billing.doesNotFit(plans[to.plan].name, problems), 'plan_does_not_fit');
  const price = await priceFor(stripe, to.plan, to.period);
  const scheduleId = business.stripeScheduleId ?? idOf(subscription.schedule);
  const schedule = scheduleId ? await stripe.subscriptionSchedules.retrieve(scheduleId) : await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
  const current = schedule.phases[0]!;
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: 'release',
    phases: [
      { items: current.items.map((i) => ({ price: idOf(i.price)!, quantity: i.quantity ?? 1 })), start_date: current.start_date, end_date: current.end_date },
      { items: [{ price, quantity: 1 }], duration: { interval: to.period === 'yearly' ? 'year' : 'month', interval_count: 1 }, proration_behavior: 'none' },
    ],
  });
  await saveScheduled(ctx, business, { scheduledPlan: to.plan, scheduledPeriod: to.period, stripeScheduleId: schedule.id });
}

/** DELETE /api/v1/billing/scheduled-change: the waiting downgrade is dropped (its schedule released); the plan stays. */
export async function cancelScheduledChange(ctx: ChangeCtx, business: BusinessProfile): Promise<void> {
  if (!business.stripeScheduleId) throw new ConflictError(messages.billing.nothingScheduled, 'nothing_scheduled');
  const connection = await stripeConnection(ctx);
  if (!connection) throw new ConflictError(messages.billing.notConnected, 'billing_not_connected');
  await connection.stripe.subscriptionSchedules.release(business.stripeScheduleId);
  await saveScheduled(ctx, business, { scheduledPlan: null, scheduledPeriod: null, stripeScheduleId: null });
}

/** POST /api/v1/billing/resume: a subscription cancelled at the period's end goes on renewing. */
export async function resumeSubscription(ctx: ChangeCtx, business: BusinessProfile): Promise<void> {
  const connection = await stripeConnection(ctx);
  if (!connection) throw new ConflictError(messages.billing.notConnected, 'billing_not_connected');
  if (!business.cancelAt || !business.stripeSubscriptionId) throw new ConflictError(messages.billing.nothingToResume, 'nothing_to_resume');
  const { stripe } = connection;
  const subscription = await stripe.subscriptions.retrieve(business.stripeSubscriptionId);
  const updated = await stripe.subscriptions.update(subscription.id, subscription.cancel_at_period_end ? { cancel_at_period_end: false } : { cancel_at: '' });
  await apply(ctx, business, updated);
}


/** Puts Stripe's answer on the business at once (its webhook, coming later, finds the same state). */
async function apply(ctx: ChangeCtx, business: BusinessProfile, subscription: Stripe.Subscription): Promise<void> {
  const graceDays = (await ctx.settings.get()).general.graceDays;
  await ctx.db.transaction((tx) => applySubscription(tx, business, subscription, { now: ctx.clock.now(), graceDays }));
  ctx.portalMeta.businessChanged(business.id);
}

async function saveScheduled(ctx: ChangeCtx, business: BusinessProfile, scheduled: Pick<BusinessProfile, 'scheduledPlan' | 'scheduledPeriod' | 'stripeScheduleId'>) {
  await ctx.db.update(businessProfiles).set({ ...scheduled, updatedAt: ctx.clock.now() }).where(eq(businessProfiles.id, business.id));
}
