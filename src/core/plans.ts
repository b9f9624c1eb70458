// Plans, prices and limits (spec sections 3 and 9, decisions D5). What each plan includes beyond its limits:
// plan-features.ts; the lists and the comparison table shown for them: plan-comparison.ts.

/** Every plan id, in display order. */
export const planIds = ['starter', 'professional', 'business', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

/** Plans a business can choose at sign-up (enterprise is by contacting sales). */
export const signupPlanIds = ['starter', 'professional', 'business'] as const;
export type SignupPlanId = (typeof signupPlanIds)[number];

/** The plan given when none is chosen (spec 9: default plan starter). */
export const DEFAULT_PLAN_ID: SignupPlanId = 'starter';

/** Length of the free trial in days unless the platform setting says otherwise (spec 9). */
export const DEFAULT_TRIAL_DAYS = 14;

/** Yearly billing discount (spec 9: 20% off). */
export const YEARLY_DISCOUNT = 0.2;

export interface Plan {
  id: PlanId;
  name: string;
  /** Price per month in dollars; null means custom pricing (enterprise). */
  monthlyPrice: number | null;
  /** Monthly figure used in back-office revenue (1997 for enterprise, else the monthly price). */
  backOfficeMonthlyPrice: number;
  /** Portal lookups included per month; null means unlimited. */
  searchesPerMonth: number | null;
  /** Portals allowed; null means unlimited. */
  portals: number | null;
  description: string;
}

/** The four plans keyed by id. */
export const plans: Record<PlanId, Plan> = {
  starter: {
    id: 'starter',
    name: 'Starter',
    monthlyPrice: 29,
    backOfficeMonthlyPrice: 29,
    searchesPerMonth: 500,
    portals: 1,
    description: 'For freelancers and small teams getting started with a client portal.',
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    monthlyPrice: 79,
    backOfficeMonthlyPrice: 79,
    searchesPerMonth: 2500,
    portals: 5,
    description: 'For growing businesses that want their own branding and insight.',
  },
  business: {
    id: 'business',
    name: 'Business',
    monthlyPrice: 199,
    backOfficeMonthlyPrice: 199,
    searchesPerMonth: 10000,
    portals: null,
    description: 'For established firms serving many clients under their own brand.',
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: null,
    backOfficeMonthlyPrice: 1997,
    searchesPerMonth: null,
    portals: null,
    description: 'Custom pricing, dedicated cloud or a self-hosted licence, by contacting sales.',
  },
};

/** True when the value is one of the plan ids. */
export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (planIds as readonly string[]).includes(value);
}

/** True when the value is a plan id allowed at sign-up. */
export function isSignupPlanId(value: unknown): value is SignupPlanId {
  return typeof value === 'string' && (signupPlanIds as readonly string[]).includes(value);
}

/** The plan with this id. */
export function getPlan(id: PlanId): Plan {
  return plans[id];
}

/** Price per year with yearly billing: round(12 x monthly x 0.8); null for custom pricing. */
export function yearlyPrice(plan: Plan): number | null {
  return plan.monthlyPrice === null ? null : Math.round(12 * plan.monthlyPrice * (1 - YEARLY_DISCOUNT));
}

/** Effective monthly price with yearly billing (monthly x 0.8, unrounded); null for custom pricing. */
export function yearlyMonthlyPrice(plan: Plan): number | null {
  return plan.monthlyPrice === null ? null : plan.monthlyPrice * (1 - YEARLY_DISCOUNT);
}

/** True when one more portal fits within the plan's allowance (D5). */
export function canAddPortal(plan: Plan, currentPortals: number): boolean {
  return plan.portals === null || currentPortals < plan.portals;
}

export type SearchUsageLevel = 'ok' | 'warning' | 'exceeded';

/** Usage band for monthly lookups: warning at 80%, exceeded at 100% of the plan's searches (D5). */
export function searchUsageLevel(plan: Plan, searchesThisMonth: number): SearchUsageLevel {
  if (plan.searchesPerMonth === null) return 'ok';
  if (searchesThisMonth >= plan.searchesPerMonth) return 'exceeded';
  if (searchesThisMonth >= plan.searchesPerMonth * 0.8) return 'warning';
  return 'ok';
}
