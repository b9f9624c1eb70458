// Changing a paid plan (issue 21 item 4, decision 19): which way a change goes, and whether what a business uses
// fits a smaller plan. Pure: the server passes the counts.
import { planFeatures } from '../plan-features';
import { planIds, plans, type PlanId } from '../plans';
import type { BillingPeriod } from './billing-state';

export interface PlanChoice {
  plan: PlanId;
  period: BillingPeriod;
}

/**
 * `upgrade`: applied at once, Stripe prorating (a bigger plan, or the same plan from monthly to yearly);
 * `downgrade`: at the end of the period paid for (a smaller plan, or the same plan from yearly to monthly);
 * `same`: nothing to change.
 */
export type PlanChangeKind = 'upgrade' | 'downgrade' | 'same';

export function planChangeKind(from: PlanChoice, to: PlanChoice): PlanChangeKind {
  const rank = planIds.indexOf(to.plan) - planIds.indexOf(from.plan);
  if (rank !== 0) return rank > 0 ? 'upgrade' : 'downgrade';
  if (from.period === to.period) return 'same';
  return to.period === 'yearly' ? 'upgrade' : 'downgrade';
}

/** What a business uses now that a plan may not allow. */
export interface PlanUse {
  portals: number;
  customDomains: number;
  activeApiKeys: number;
  webhookEndpoints: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What the business must remove before moving to `target`, one sentence each; empty when everything fits. Stored
 * configuration a smaller plan only hides (full branding, analytics) fits: it stays and shows again on an upgrade.
 */
export function whatDoesNotFit(target: PlanId, use: PlanUse): string[] {
  const plan = plans[target];
  const features = planFeatures[target];
  const out: string[] = [];
  if (plan.portals !== null && use.portals > plan.portals) {
    out.push(`You have ${plural(use.portals, 'portal')} and the ${plan.name} plan allows ${plan.portals}: delete ${use.portals - plan.portals} first.`);
  }
  if (!features.customDomain && use.customDomains > 0) {
    out.push(`${plural(use.customDomains, 'custom domain')} ${use.customDomains === 1 ? 'is' : 'are'} set up and the ${plan.name} plan has none: remove ${use.customDomains === 1 ? 'it' : 'them'} in the Portal Configurator first.`);
  }
  if (!features.api && use.activeApiKeys > 0) {
    out.push(`${plural(use.activeApiKeys, 'API key')} ${use.activeApiKeys === 1 ? 'is' : 'are'} active and the ${plan.name} plan has no API access: revoke ${use.activeApiKeys === 1 ? 'it' : 'them'} first.`);
  }
  if (!features.api && use.webhookEndpoints > 0) {
    out.push(`${plural(use.webhookEndpoints, 'webhook endpoint')} ${use.webhookEndpoints === 1 ? 'is' : 'are'} set up and the ${plan.name} plan has no webhooks: delete ${use.webhookEndpoints === 1 ? 'it' : 'them'} first.`);
  }
  return out;
}
