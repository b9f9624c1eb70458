import { isPlanId, type PlanId } from '@core/plans';
import { useMe } from '@web/features/auth/api/use-me';

/** The signed-in business's plan id (undefined until known); what the app shows follows it, the server enforces it. */
export function useBusinessPlan(): PlanId | undefined {
  const plan = useMe().data?.business?.plan;
  if (plan === undefined) return undefined;
  return isPlanId(plan) ? plan : 'starter';
}
