import { z } from 'zod';
import { messages } from './messages';
import { planIds, plans, type PlanId, type SignupPlanId } from './plans';

// ROI calculator on the pricing page (spec section 9).

/** Default inputs (spec 9). */
export const roiDefaults = {
  hourlyCost: 30,
  teamSize: 3,
  activeClients: 25,
  updatesPerClient: 10,
  minutesPerUpdate: 5,
  reductionPercent: 70,
  annualBilling: true,
} as const;

/** Input ranges: `min`/`max` bound typed entry, `slider` bounds the slider where it differs (spec 9). */
export const roiRanges = {
  hourlyCost: { min: 15, max: 100, slider: { min: 15, max: 100 } },
  teamSize: { min: 1, max: 500, slider: { min: 1, max: 50 } },
  activeClients: { min: 5, max: 5000, slider: { min: 5, max: 500 } },
  updatesPerClient: { min: 1, max: 30, slider: { min: 1, max: 30 } },
  minutesPerUpdate: { min: 1, max: 15, slider: { min: 1, max: 15 } },
  reductionPercent: { min: 50, max: 90, slider: { min: 50, max: 90 } },
} as const;

type RoiNumberField = keyof typeof roiRanges;

const bounded = (field: RoiNumberField, whole = true) => {
  const n = z.number().min(roiRanges[field].min).max(roiRanges[field].max);
  return (whole ? n.int() : n).default(roiDefaults[field]);
};

/** Calculator inputs with defaults and entry ranges; `plan` is the plan compared against (default: suggested). */
export const roiInputSchema = z.object({
  hourlyCost: bounded('hourlyCost', false),
  teamSize: bounded('teamSize'),
  activeClients: bounded('activeClients'),
  updatesPerClient: bounded('updatesPerClient'),
  minutesPerUpdate: bounded('minutesPerUpdate'),
  reductionPercent: bounded('reductionPercent'),
  annualBilling: z.boolean().default(roiDefaults.annualBilling),
  plan: z.enum(planIds).optional(),
});
export type RoiInput = z.output<typeof roiInputSchema>;

/** Puts a typed number into its entry range (non-numbers give the default). */
export function clampRoiValue(field: RoiNumberField, value: number): number {
  if (!Number.isFinite(value)) return roiDefaults[field];
  return Math.min(roiRanges[field].max, Math.max(roiRanges[field].min, value));
}

/** Searches per month: round(clients x updates x 0.8). */
export function monthlySearches(activeClients: number, updatesPerClient: number): number {
  return Math.round(activeClients * updatesPerClient * 0.8);
}

/** Suggested plan: up to 500 searches starter, up to 2,500 professional, else business. */
export function suggestPlan(searches: number): SignupPlanId {
  if (searches <= 500) return 'starter';
  if (searches <= 2500) return 'professional';
  return 'business';
}

/** Searches above which the enterprise option appears. */
export const ENTERPRISE_OPTION_THRESHOLD = 10000;

/** Monthly plan cost in the calculator: enterprise 499 above 20,000 searches else 299; otherwise the price (x0.8 if annual). */
export function roiPlanCost(plan: PlanId, searches: number, annualBilling: boolean): number {
  if (plan === 'enterprise') return searches > 20000 ? 499 : 299;
  const price = plans[plan].monthlyPrice ?? 0;
  return annualBilling ? (price * 8) / 10 : price;
}

/** Payback text: 'Less than 1 month' under one month, else 'N.N months'. */
export function paybackLabel(months: number): string {
  if (months < 1) return messages.roi.lessThanOneMonth;
  if (!Number.isFinite(months)) return '-';
  return `${months.toFixed(1)} months`;
}

export interface RoiPeriodFigures {
  hoursSpent: number;
  hoursSaved: number;
  costSaved: number;
  planCost: number;
  netSavings: number;
}

export interface RoiResult {
  monthlySearches: number;
  suggestedPlan: SignupPlanId;
  /** True above 10,000 searches: the enterprise option is offered. */
  showEnterpriseOption: boolean;
  /** The plan the figures use: the chosen one, else the suggested one. */
  plan: PlanId;
  /** Searches the plan includes; null for unlimited. */
  planCapacity: number | null;
  exceedsPlanCapacity: boolean;
  /** Warning when the searches exceed the plan's capacity, else null. */
  warning: string | null;
  monthly: RoiPeriodFigures;
  /** Monthly figures x 12. */
  annual: RoiPeriodFigures;
  /** (savings - cost) / cost x 100. */
  roiPercent: number;
  /** cost / savings, in months. */
  paybackMonths: number;
  paybackLabel: string;
}

/** Every figure of the calculator for the inputs (missing inputs take the defaults). */
export function calculateRoi(input: Partial<RoiInput> = {}): RoiResult {
  const i = { ...roiDefaults, ...stripUndefined(input) };
  const searches = monthlySearches(i.activeClients, i.updatesPerClient);
  const suggested = suggestPlan(searches);
  const plan: PlanId = i.plan ?? suggested;
  const capacity = plans[plan].searchesPerMonth;
  const exceeds = capacity !== null && searches > capacity;
  const hoursSpent = ((i.activeClients * i.updatesPerClient * i.minutesPerUpdate) / 60) * i.teamSize;
  const hoursSaved = hoursSpent * (i.reductionPercent / 100);
  const costSaved = hoursSaved * i.hourlyCost;
  const planCost = roiPlanCost(plan, searches, i.annualBilling);
  const monthly: RoiPeriodFigures = { hoursSpent, hoursSaved, costSaved, planCost, netSavings: costSaved - planCost };
  const annual: RoiPeriodFigures = {
    hoursSpent: hoursSpent * 12,
    hoursSaved: hoursSaved * 12,
    costSaved: costSaved * 12,
    planCost: planCost * 12,
    netSavings: (costSaved - planCost) * 12,
  };
  const paybackMonths = costSaved > 0 ? planCost / costSaved : Infinity;
  return {
    monthlySearches: searches,
    suggestedPlan: suggested,
    showEnterpriseOption: searches > ENTERPRISE_OPTION_THRESHOLD,
    plan,
    planCapacity: capacity,
    exceedsPlanCapacity: exceeds,
    warning: exceeds && capacity !== null ? messages.roi.overCapacity(searches, plans[plan].name, capacity) : null,
    monthly,
    annual,
    roiPercent: planCost > 0 ? ((costSaved - planCost) / planCost) * 100 : 0,
    paybackMonths,
    paybackLabel: paybackLabel(paybackMonths),
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
