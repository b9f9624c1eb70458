import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { businessProfiles } from './business-profiles';

/** Stripe webhook events already applied (issue 21): an event id is applied once, whatever Stripe re-sends. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** Invoices Stripe reported for a business's subscription: the back office's revenue is counted from the paid ones. */
export const invoices = pgTable(
  'invoices',
  {
    /** Stripe's invoice id (in_...). */
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    /** draft | open | paid | uncollectible | void (Stripe's). */
    status: text('status').notNull(),
    /** In the currency's smallest unit (cents). */
    amountDue: integer('amount_due').notNull(),
    amountPaid: integer('amount_paid').notNull(),
    currency: text('currency').notNull(),
    plan: text('plan'),
    billingPeriod: text('billing_period'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('invoices_business_idx').on(t.businessId, t.createdAt), index('invoices_paid_idx').on(t.paidAt)],
);
