// What each plan includes beyond its limits (D12: the pricing page's comparison table is the contract, enforced by
// the server). One table here: the pricing page (plan-comparison.ts), the Billing page, the server's guards and the
// web app's upgrade hints all read it.
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

/**
 * Everything a plan may lack: the switches, plus the levels as steps (`customBranding`: full branding; `analytics`:
 * basic analytics or more; `fullAnalytics`), plus `managedClients` (a client list kept in StatusLink and written
 * through the app or the API: part of the API switch, issue 22). The server's guard and the upgrade hints take these
 * names.
 */
export type PlanFeature = PlanSwitch | 'customBranding' | 'analytics' | 'fullAnalytics' | 'managedClients';

/**
 * Features announced but not yet shipped: the pricing page marks them "(coming soon)". The track that ships one
 * removes it here, and every plan table follows.
 */
export const comingSoon: ReadonlySet<PlanSwitch> = new Set<PlanSwitch>([]);

/** The error code of a request for a feature outside the business's plan (403). */
export const PLAN_FEATURE_ERROR = 'plan_feature';

/** True when the plan includes the switch. */
export function planHas(planId: PlanId, feature: PlanSwitch): boolean {
  return planFeatures[planId][feature];
}

const analyticsRank: Record<AnalyticsLevel, number> = { none: 0, basic: 1, full: 2 };

/** True when the plan's analytics reach `level`. */
export function planAnalyticsAtLeast(planId: PlanId, level: AnalyticsLevel): boolean {
  return analyticsRank[planFeatures[planId].analytics] >= analyticsRank[level];
}

/** True when the plan includes the feature (switch or level step). */
export function planAllows(planId: PlanId, feature: PlanFeature): boolean {
  switch (feature) {
    case 'customBranding':
      return planFeatures[planId].branding === 'full';
    case 'analytics':
      return planAnalyticsAtLeast(planId, 'basic');
    case 'fullAnalytics':
      return planAnalyticsAtLeast(planId, 'full');
    case 'managedClients':
      return planHas(planId, 'api');
    default:
      return planHas(planId, feature);
  }
}

/** The first plan (in display order) that includes the feature: the upgrade to offer. */
export function firstPlanWith(feature: PlanFeature): PlanId {
  return planIds.find((id) => planAllows(id, feature)) ?? 'enterprise';
}

/** How each feature is named in upgrade hints; `plural` picks "are ... them" over "is ... it". */
export const planFeatureLabels: Record<PlanFeature, { label: string; plural: boolean }> = {
  whiteLabel: { label: 'White-label', plural: false },
  customDomain: { label: 'Custom domains', plural: true },
  api: { label: 'API access and webhooks', plural: false },
  sms: { label: 'SMS updates', plural: true },
  prioritySupport: { label: 'Priority support', plural: false },
  customBranding: { label: 'Custom branding (portal title, messages and colours)', plural: false },
  analytics: { label: 'Portal analytics', plural: true },
  fullAnalytics: { label: 'Full analytics (time to complete, new clients and daily portal lookups)', plural: false },
  managedClients: { label: 'Keeping your client list in StatusLink (adding, editing and deleting clients here or through the API)', plural: false },
};

/** The upgrade hint of a feature outside the plan. */
export function planFeatureMessage(feature: PlanFeature): string {
  const { label, plural } = planFeatureLabels[feature];
  return `${label} ${plural ? 'are' : 'is'} part of the ${plans[firstPlanWith(feature)].name} plan and above. Upgrade on the Billing page to use ${plural ? 'them' : 'it'}.`;
}

// ---- Branding ----

/**
 * Configuration fields that are full branding: a plan with basic branding (company name, logo and primary colour)
 * shows their defaults on its portal, keeps what was saved (a downgrade loses nothing) and may not change them.
 */
export const customBrandingFields = ['title', 'welcomeMessage', 'customMessage', 'secondaryColor', 'backgroundColor', 'fontFamily'] as const;
export type CustomBrandingField = (typeof customBrandingFields)[number];

/**
 * The configuration a portal shows under its plan: with basic branding, the full-branding fields read their
 * defaults (given as `defaults`, core's defaultPortalConfig()). Nothing stored changes.
 */
export function brandingForPlan<C extends Record<CustomBrandingField, unknown>>(planId: PlanId, config: C, defaults: Pick<C, CustomBrandingField>): C {
  if (planAllows(planId, 'customBranding')) return config;
  const out = { ...config };
  for (const field of customBrandingFields) out[field] = defaults[field];
  return out;
}

/**
 * The full-branding fields a change would set to something else than what is stored and than their default: what
 * a plan with basic branding may not do (saving the form unchanged, or putting a field back to its default, may).
 */
export function lockedBrandingChanges(
  planId: PlanId,
  stored: Record<CustomBrandingField, unknown>,
  patch: Readonly<Record<string, unknown>>,
  defaults: Record<CustomBrandingField, unknown>,
): CustomBrandingField[] {
  if (planAllows(planId, 'customBranding')) return [];
  return customBrandingFields.filter((f) => patch[f] !== undefined && patch[f] !== stored[f] && patch[f] !== defaults[f]);
}
