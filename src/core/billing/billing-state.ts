// Where a business stands with paying for its plan (issue 21, D12), and whether its portals answer clients.
// Pure: the server passes the stored fields, the time and the grace length.

/** The billing states the app, the API and the back office show. */
export const billingStates = ['trial', 'paying', 'assigned', 'trial_ended', 'past_due', 'cancelled', 'lapsed', 'suspended', 'inactive'] as const;
export type BillingState = (typeof billingStates)[number];

/** The two billing periods (yearly is 20 % off, core/plans). */
export const billingPeriods = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** Days portals keep answering after a trial ends unpaid or a payment fails, unless the platform setting says otherwise. */
export const DEFAULT_GRACE_DAYS = 7;

const DAY_MS = 86_400_000;

/** Stripe's subscription statuses that mean the plan is paid for. */
const PAID_STATUSES = new Set(['active', 'trialing']);
/** Stripe's statuses of a subscription whose payment failed and may still be collected. */
const UNPAID_STATUSES = new Set(['past_due', 'unpaid', 'incomplete', 'paused']);

export interface BillingFacts {
  /** active | trial | suspended | inactive (business_profiles.status). */
  status: string;
  trialEndsAt: Date | null;
  /** Stripe's status of the business's subscription; null when it never had one. */
  subscriptionStatus: string | null;
  /** When the grace after a failed payment or a cancellation ends; null when none runs. */
  graceEndsAt: Date | null;
}

export interface BillingStanding {
  state: BillingState;
  /** When portals stop answering clients if nothing is paid (null when no grace runs). */
  graceEndsAt: Date | null;
  /** Whether the business's portals answer clients now. */
  portalsOpen: boolean;
}

/**
 * The business's billing standing at `now`. A trial past its end, a failed payment and a cancelled subscription
 * each keep portals open for the grace; then they are `lapsed` until a plan is active. An active business with no
 * subscription had its plan assigned by the operator (a self-hosted install, Enterprise).
 */
export function billingStanding(facts: BillingFacts, now: Date, graceDays: number): BillingStanding {
  if (facts.status === 'suspended' || facts.status === 'inactive') return { state: facts.status, graceEndsAt: null, portalsOpen: false };
  if (facts.subscriptionStatus !== null && PAID_STATUSES.has(facts.subscriptionStatus)) return open('paying');
  if (facts.subscriptionStatus !== null) {
    const unpaid = UNPAID_STATUSES.has(facts.subscriptionStatus);
    return withGrace(unpaid ? 'past_due' : 'cancelled', facts.graceEndsAt, now);
  }
  if (facts.status === 'active') return open('assigned');
  if (!facts.trialEndsAt || now < facts.trialEndsAt) return open('trial');
  return withGrace('trial_ended', new Date(facts.trialEndsAt.getTime() + graceDays * DAY_MS), now);
}

function open(state: BillingState): BillingStanding {
  return { state, graceEndsAt: null, portalsOpen: true };
}

function withGrace(state: BillingState, graceEndsAt: Date | null, now: Date): BillingStanding {
  if (graceEndsAt !== null && now < graceEndsAt) return { state, graceEndsAt, portalsOpen: true };
  return { state: 'lapsed', graceEndsAt, portalsOpen: false };
}

/** The end of a grace starting at `from`. */
export function graceEnd(from: Date, graceDays: number): Date {
  return new Date(from.getTime() + graceDays * DAY_MS);
}

/** Stripe's lookup key of a plan's price for a period: `statuslink_professional_yearly`. */
export function priceLookupKey(plan: string, period: BillingPeriod): string {
  return `statuslink_${plan}_${period}`;
}

/** The plan and period a lookup key names, or null for a price that is not one of ours. */
export function parsePriceLookupKey(key: string | null | undefined): { plan: string; period: BillingPeriod } | null {
  const match = /^statuslink_([a-z]+)_(monthly|yearly)$/.exec(key ?? '');
  return match ? { plan: match[1]!, period: match[2] as BillingPeriod } : null;
}

/** Stripe amounts are in cents: the plan's price for the period (yearly with the discount), in cents. */
export function priceInCents(monthlyPrice: number, period: BillingPeriod, yearlyDiscount: number): number {
  return period === 'monthly' ? monthlyPrice * 100 : Math.round(12 * monthlyPrice * (1 - yearlyDiscount)) * 100;
}

/** Whole days left until `end` (rounded up), 0 once it has passed. */
export function daysLeft(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}
