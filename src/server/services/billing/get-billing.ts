import { desc, eq } from 'drizzle-orm';
import type { BillingView } from '@core/api/billing';
import type { BillingPeriod } from '@core/billing/billing-state';
import { isPlanId } from '@core/plans';
import type { AppContext } from '../../context';
import { invoices } from '../../db/schema';
import { stripeConnection } from '../../integrations/stripe/stripe-connection';
import type { BusinessProfile } from '../business/get-business-by-user';
import { businessPlanId } from '../business/plan-access';
import { businessStanding } from './business-standing';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A stored billing period, or null for none (or anything else). */
export const periodOf = (value: string | null): BillingPeriod | null => (value === 'monthly' || value === 'yearly' ? value : null);

/** The downgrade waiting for the period's end, when one is scheduled. */
function scheduledChange(business: BusinessProfile): BillingView['scheduledChange'] {
  const period = periodOf(business.scheduledPeriod);
  if (!isPlanId(business.scheduledPlan) || !period || !business.currentPeriodEnd) return null;
  return { plan: business.scheduledPlan, period, at: business.currentPeriodEnd.toISOString() };
}

/** GET /api/v1/billing: the business's plan, period, billing state, trial and grace ends, and its invoices. */
export async function getBilling(ctx: Pick<AppContext, 'db' | 'env' | 'settings' | 'clock'>, business: BusinessProfile): Promise<BillingView> {
  const standing = await businessStanding(ctx, business);
  const connected = (await stripeConnection(ctx)) !== null;
  const rows = await ctx.db.select().from(invoices).where(eq(invoices.businessId, business.id)).orderBy(desc(invoices.createdAt)).limit(50);
  return {
    paymentsConnected: connected,
    plan: businessPlanId(business),
    period: periodOf(business.billingPeriod),
    state: standing.state,
    portalsOpen: standing.portalsOpen,
    trialEndsAt: iso(business.trialEndsAt),
    graceEndsAt: iso(standing.graceEndsAt),
    currentPeriodEnd: iso(business.currentPeriodEnd),
    cancelAt: iso(business.cancelAt),
    scheduledChange: scheduledChange(business),
    canManage: connected && business.stripeCustomerId !== null,
    invoices: rows.map((r) => ({
      id: r.id,
      status: r.status,
      amountDue: r.amountDue,
      amountPaid: r.amountPaid,
      currency: r.currency,
      plan: r.plan,
      periodStart: iso(r.periodStart),
      periodEnd: iso(r.periodEnd),
      paidAt: iso(r.paidAt),
      hostedInvoiceUrl: r.hostedInvoiceUrl,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
