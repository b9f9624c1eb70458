import { getPlan, isPlanId, plans, type Plan, type PlanId } from '@core/plans';
import { messages } from '@core/messages';

/** The business's plan (starter when the stored value is unknown). */
export function planOf(planId: string): Plan {
  return getPlan(isPlanId(planId) ? planId : 'starter');
}

const UPGRADE: Partial<Record<PlanId, PlanId>> = { starter: 'professional', professional: 'business' };

/** 'Your Starter plan includes 1 portal. Upgrade to Professional for up to 5 portals.' */
export function portalLimitMessage(plan: Plan): string | null {
  if (plan.portals === null) return null;
  const next = UPGRADE[plan.id];
  const upgrade = next ? plans[next] : null;
  return messages.portals.limitReached(plan.name, plan.portals, upgrade?.name ?? null, upgrade ? upgrade.portals : null);
}
