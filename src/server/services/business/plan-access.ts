import { isPlanId } from '@core/plans';
import { planHas, type PlanSwitch } from '@core/plan-features';
import { PlanFeatureError } from '../../errors';

/** Throws 403 `plan_feature` unless the business's plan includes the feature (D12; the one server-side check). */
export function requirePlanFeature(business: { plan: string }, feature: PlanSwitch): void {
  if (!isPlanId(business.plan) || !planHas(business.plan, feature)) throw new PlanFeatureError(feature);
}
