// The billing API (/api/v1/billing, issue 21): request and answer shapes for the routes (validation, OpenAPI) and
// the web app.
import { z } from 'zod';
import { billingPeriods, billingStates } from '../billing/billing-state';
import { planIds } from '../plans';

export const checkoutBody = z.object({
  plan: z.enum(planIds).describe('The plan to buy (Enterprise is arranged with sales)'),
  period: z.enum(billingPeriods).describe('monthly, or yearly at 20 % off'),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** POST /api/v1/billing/change: the same choice as Checkout, for a business that already pays. */
export const changePlanBody = checkoutBody;

export const redirectAnswer = z.object({ url: z.string().describe("Stripe's page to send the owner to") });
export type RedirectAnswer = z.infer<typeof redirectAnswer>;

const when = z.iso.datetime().nullable();

export const billingInvoiceView = z.object({
  id: z.string(),
  status: z.string().describe("Stripe's: draft, open, paid, uncollectible or void"),
  amountDue: z.number().int().describe('In cents'),
  amountPaid: z.number().int().describe('In cents'),
  currency: z.string(),
  plan: z.string().nullable(),
  periodStart: when,
  periodEnd: when,
  paidAt: when,
  hostedInvoiceUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type BillingInvoiceView = z.infer<typeof billingInvoiceView>;

export const billingView = z.object({
  paymentsConnected: z.boolean().describe('Whether plans are bought through Stripe here; otherwise the operator assigns them'),
  plan: z.enum(planIds),
  period: z.enum(billingPeriods).nullable(),
  state: z.enum(billingStates),
  portalsOpen: z.boolean().describe('Whether the portals answer clients now'),
  trialEndsAt: when,
  graceEndsAt: when.describe('When portals stop answering clients unless a plan is paid'),
  currentPeriodEnd: when,
  cancelAt: when.describe('When Stripe ends the subscription, cancelled but paid until then ("Resume" undoes it)'),
  scheduledChange: z
    .object({ plan: z.enum(planIds), period: z.enum(billingPeriods), at: z.iso.datetime() })
    .nullable()
    .describe('A downgrade that takes effect at the end of the period paid for'),
  canManage: z.boolean().describe('Whether Stripe\'s customer portal can open ("Manage billing")'),
  invoices: z.array(billingInvoiceView),
});
export type BillingView = z.infer<typeof billingView>;
