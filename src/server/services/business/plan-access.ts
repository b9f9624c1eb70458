import { isPlanId, type PlanId } from '@core/plans';
import { planAllows, type PlanFeature } from '@core/plan-features';
import { PlanFeatureError } from '../../errors';

/** The business's plan id; an unknown stored value counts as the smallest plan (it grants nothing extra). */
export function businessPlanId(business: { plan: string }): PlanId {
  return isPlanId(business.plan) ? business.plan : 'starter';
}

/** Throws 403 `plan_feature` unless the business's plan includes the feature (D12; the one server-side check). */
export function requirePlanFeature(business: { plan: string }, feature: PlanFeature): void {
  if (!isPlanId(business.plan) || !planAllows(business.plan, feature)) throw new PlanFeatureError(feature);
}
