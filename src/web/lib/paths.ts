// Every route path of the web app in one place (spec 2.1, 2.15, 2.16).

export const paths = {
  home: '/',
  features: '/features',
  pricing: '/pricing',
  resources: '/resources',
  contact: '/contact',
  caseStudies: '/case-studies',
  support: '/support',
  help: '/help',
  termsOfService: '/terms-of-service',
  privacyPolicy: '/privacy-policy',
  industries: '/industries',
  about: '/about',
  careers: '/careers',
  partners: '/partners',
  privacy: '/privacy',
  terms: '/terms',
  security: '/security',
  sitemap: '/sitemap',
  resourceGuides: '/resources/guides',
  resourceTemplates: '/resources/templates',
  resourceBlog: '/resources/blog',
  comingSoon: (featureName: string) => `/coming-soon/${encodeURIComponent(featureName)}`,

  login: '/login',
  signup: '/signup',
  accountCreated: '/account-created',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  unauthorized: '/unauthorized',
  signout: '/signout',

  portal: (portalId: string) => `/portal/${encodeURIComponent(portalId)}`,
  portalDemo: '/portal/demo',

  app: {
    root: '/app',
    dashboard: '/app/dashboard',
    portals: '/app/portals',
    analytics: '/app/analytics',
    configurator: '/app/configurator',
    workload: '/app/workload',
    sheetsSetup: '/app/sheets-setup',
    setup: '/app/setup',
    templateConfig: '/app/template-config',
    notifications: '/app/notifications',
    account: '/app/account',
    billing: '/app/billing',
    developers: '/app/developers',
    client: (clientId: string) => `/app/portals/clients/${encodeURIComponent(clientId)}`,
  },

  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    businesses: '/admin/businesses',
    analytics: '/admin/analytics',
    settings: '/admin/settings',
    reports: '/admin/reports',
    inbox: '/admin/inbox',
    activity: '/admin/activity',
  },
} as const;

/** The Billing page with a plan and period chosen (`/app/billing?plan=business&period=yearly`). */
export function billingWithPlan(plan: string, period: 'monthly' | 'yearly'): string {
  return `${paths.app.billing}?plan=${encodeURIComponent(plan)}&period=${period}`;
}

/** Signup with a plan preselected (`/signup?plan=professional`). */
export function signupWithPlan(plan: string): string {
  return `${paths.signup}?plan=${encodeURIComponent(plan)}`;
}

// Pages a user must never be sent back to after signing in.
const AUTH_FLOW_PATHS: readonly string[] = [
  paths.login,
  paths.signup,
  paths.signout,
  paths.forgotPassword,
  paths.resetPassword,
];

/**
 * The internal path to return to after signing in, or null when `value` is not one.
 * Accepts only '/...' (never '//' or '/\\', which browsers treat as another host), no control characters,
 * and not a page of the sign-in flow itself.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://internal.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://internal.invalid') return null;
  if (AUTH_FLOW_PATHS.includes(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after signing in: the remembered origin when it is safe, else the dashboard. */
export function returnPathFromState(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return safeReturnPath(from) ?? paths.app.dashboard;
}
