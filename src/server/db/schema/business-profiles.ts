import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A business: one per owner account, created in the same transaction as the user. */
export const businessProfiles = pgTable('business_profiles', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  ownerName: text('owner_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  plan: text('plan').notNull().default('starter'),
  /** active | trial | suspended | inactive */
  status: text('status').notNull().default('trial'),
  /** While suspended: the status it had before, to return to on reactivation (core's statusOnReactivation). */
  statusBeforeSuspension: text('status_before_suspension'),
  timeZone: text('time_zone').notNull().default('UTC'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** Stripe (issue 21, decision 19): the business's customer, its subscription, Stripe's status of it, its period. */
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  subscriptionStatus: text('subscription_status'),
  /** monthly | yearly, while a subscription pays the plan. */
  billingPeriod: text('billing_period'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  /** When portals stop answering after a failed payment or a cancellation (core billingStanding). */
  graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
  /** When Stripe ends the subscription (cancelled in its customer portal, still paid until then); "Resume" undoes it. */
  cancelAt: timestamp('cancel_at', { withTimezone: true }),
  /** A downgrade waiting for the period's end (a Stripe subscription schedule): the plan, the period, the schedule. */
  scheduledPlan: text('scheduled_plan'),
  scheduledPeriod: text('scheduled_period'),
  stripeScheduleId: text('stripe_schedule_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
