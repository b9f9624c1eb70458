// What each plan includes beyond its limits (D12: the pricing page's comparison table is the contract, enforced by
// the server). One table here: the pricing page, the Billing page, the server's guards and the web app's upgrade
// hints all read it.
import { planIds, plans, type PlanId } from './plans';

/** Branding a portal may use: basic = company name, logo and primary colour; full = every configurator setting. */
export type BrandingLevel = 'basic' | 'full';
/** Portal analytics: none; basic = totals and status breakdown; full = everything on the Analytics page. */
export type AnalyticsLevel = 'none' | 'basic' | 'full';

export interface PlanFeatures {
  branding: BrandingLevel;
  analytics: AnalyticsLevel;
  /** No StatusLink name or link on the portal or in clients' e-mails. */
  whiteLabel: boolean;
  /** Portals on the business's own domain with HTTPS. */
  customDomain: boolean;
  /** API keys and signed webhooks. */
  api: boolean;
  /** SMS for urgent updates. */
  sms: boolean;
  prioritySupport: boolean;
}

export const planFeatures: Record<PlanId, PlanFeatures> = {
  starter: { branding: 'basic', analytics: 'none', whiteLabel: false, customDomain: false, api: false, sms: false, prioritySupport: false },
  professional: { branding: 'full', analytics: 'basic', whiteLabel: false, customDomain: false, api: false, sms: false, prioritySupport: false },
  business: { branding: 'full', analytics: 'full', whiteLabel: true, customDomain: true, api: true, sms: true, prioritySupport: true },
  enterprise: { branding: 'full', analytics: 'full', whiteLabel: true, customDomain: true, api: true, sms: true, prioritySupport: true },
};

/** The features that are simply on or off. */
export type PlanSwitch = 'whiteLabel' | 'customDomain' | 'api' | 'sms' | 'prioritySupport';

/** The error code of a request for a feature outside the business's plan (403). */
export const PLAN_FEATURE_ERROR = 'plan_feature';

/** True when the plan includes the feature. */
export function planHas(planId: PlanId, feature: PlanSwitch): boolean {
  return planFeatures[planId][feature];
}

const analyticsRank: Record<AnalyticsLevel, number> = { none: 0, basic: 1, full: 2 };

/** True when the plan's analytics reach `level`. */
export function planAnalyticsAtLeast(planId: PlanId, level: AnalyticsLevel): boolean {
  return analyticsRank[planFeatures[planId].analytics] >= analyticsRank[level];
}

/** The first plan (in display order) that includes the feature: the upgrade to offer. */
export function firstPlanWith(feature: PlanSwitch): PlanId {
  return planIds.find((id) => planFeatures[id][feature]) ?? 'enterprise';
}

/** Display names of features, for upgrade hints ("Custom domains are part of the Business plan"). */
export const planSwitchLabels: Record<PlanSwitch, string> = {
  whiteLabel: 'White-label',
  customDomain: 'Custom domains',
  api: 'API access and webhooks',
  sms: 'SMS updates',
  prioritySupport: 'Priority support',
};

/** The upgrade hint of a feature outside the plan. */
export function planFeatureMessage(feature: PlanSwitch): string {
  return `${planSwitchLabels[feature]} ${feature === 'customDomain' ? 'are' : 'is'} part of the ${plans[firstPlanWith(feature)].name} plan and above. Upgrade on the Billing page to use ${feature === 'customDomain' ? 'them' : 'it'}.`;
}
