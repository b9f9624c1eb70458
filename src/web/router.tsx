import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { LoadingState } from '@web/components/spinner';
import { RequireAdmin } from '@web/features/auth/components/require-admin';
import { RequireSession } from '@web/features/auth/components/require-session';
import { paths } from '@web/lib/paths';
import { RootError } from '@web/routes/root/root-error';
import { RootLayout } from '@web/routes/root/root-layout';

// One route tree. Each audience (marketing, auth, app, portal, admin) is one lazily loaded chunk: every route
// of an audience imports the same *-chunk module, so the bundler emits one chunk per audience and, for example,
// the public portal ships no app or back-office code.

const loadMarketing = () => import('@web/routes/marketing/marketing-chunk').then((m) => m.marketingChunk);
const loadMarketingContent = () =>
  import('@web/routes/marketing/marketing-content-chunk').then((m) => m.marketingContentChunk);
const loadAuth = () => import('@web/routes/auth/auth-chunk').then((m) => m.authChunk);
const loadApp = () => import('@web/routes/app/app-chunk').then((m) => m.appChunk);
const loadPortal = () => import('@web/routes/portal/portal-chunk').then((m) => m.portalChunk);
const loadAdmin = () => import('@web/routes/admin/admin-chunk').then((m) => m.adminChunk);

/** A route `lazy` function taking one component from an audience chunk. */
function component<T extends Record<string, ComponentType>>(load: () => Promise<T>, key: keyof T) {
  return async () => ({ Component: (await load())[key] });
}

function PageLoading() {
  return <LoadingState className="min-h-dvh" />;
}

// The public site (spec 2.1-2.8): the pages most visitors see are in the marketing chunk; long-form content
// (resource articles, legal, help, company pages) in a second chunk so the landing page does not carry it.
const marketingRoutes: RouteObject[] = [
  { index: true, lazy: component(loadMarketing, 'Home') },
  { path: 'pricing', lazy: component(loadMarketing, 'Pricing') },
  { path: 'features', lazy: component(loadMarketing, 'Features') },
  { path: 'contact', lazy: component(loadMarketing, 'Contact') },
  { path: 'resources', lazy: component(loadMarketing, 'Resources') },
  { path: 'resources/:type', lazy: component(loadMarketing, 'Resources') },
  { path: 'resources/:type/:slug', lazy: component(loadMarketingContent, 'Resource') },
  ...(
    [
      ['industries', 'Industries'],
      ['case-studies', 'CaseStudies'],
      ['about', 'About'],
      ['careers', 'Careers'],
      ['partners', 'Partners'],
      ['privacy', 'Privacy'],
      ['privacy-policy', 'Privacy'],
      ['terms', 'Terms'],
      ['terms-of-service', 'Terms'],
      ['security', 'Security'],
      ['sitemap', 'Sitemap'],
      ['support', 'Support'],
      ['help', 'Help'],
    ] as const
  ).map(([path, key]) => ({ path, lazy: component(loadMarketingContent, key) })),
];

const appRoutes: RouteObject[] = [
  { index: true, lazy: component(loadApp, 'Dashboard') },
  { path: 'dashboard', lazy: component(loadApp, 'Dashboard') },
  { path: 'portals', lazy: component(loadApp, 'ClientManagement') },
  { path: 'portals/clients/:clientId', lazy: component(loadApp, 'ClientDetail') },
  { path: 'analytics', lazy: component(loadApp, 'Analytics') },
  { path: 'configurator', lazy: component(loadApp, 'PortalConfig') },
  { path: 'workload', lazy: component(loadApp, 'Workload') },
  { path: 'sheets-setup', lazy: component(loadApp, 'SheetsSetup') },
  { path: 'setup', lazy: component(loadApp, 'SheetsSetup') },
  { path: 'template-config', lazy: component(loadApp, 'TemplateConfig') },
  { path: 'notifications', lazy: component(loadApp, 'Notifications') },
  { path: 'account', lazy: component(loadApp, 'Account') },
  { path: 'billing', lazy: component(loadApp, 'Billing') },
  { path: 'developers', lazy: component(loadApp, 'Developers') },
  // Spec 2.15: any unknown /app path shows the Dashboard.
  { path: '*', lazy: component(loadApp, 'Dashboard') },
];

const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
  { path: 'dashboard', lazy: component(loadAdmin, 'Dashboard') },
  { path: 'businesses', lazy: component(loadAdmin, 'Businesses') },
  { path: 'analytics', lazy: component(loadAdmin, 'Analytics') },
  { path: 'settings', lazy: component(loadAdmin, 'Settings') },
  { path: 'inbox', lazy: component(loadAdmin, 'Inbox') },
  { path: 'activity', lazy: component(loadAdmin, 'Activity') },
  // Spec 2.16: any unknown /admin path goes to the admin dashboard.
  { path: '*', element: <Navigate to={paths.admin.dashboard} replace /> },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: PageLoading,
    children: [
      {
        lazy: component(loadMarketing, 'Layout'),
        children: marketingRoutes,
      },
      { path: 'coming-soon/:featureName', lazy: component(loadMarketing, 'ComingSoon') },
      {
        lazy: component(loadAuth, 'Layout'),
        children: [
          { path: 'login', lazy: component(loadAuth, 'Login') },
          { path: 'signup', lazy: component(loadAuth, 'Signup') },
          { path: 'forgot-password', lazy: component(loadAuth, 'ForgotPassword') },
          { path: 'reset-password', lazy: component(loadAuth, 'ResetPassword') },
          { path: 'unauthorized', lazy: component(loadAuth, 'Unauthorized') },
          {
            element: <RequireSession bare />,
            children: [{ path: 'account-created', lazy: component(loadAuth, 'AccountCreated') }],
          },
        ],
      },
      { path: 'signout', lazy: component(loadAuth, 'SignOut') },
      { path: 'unsubscribe', lazy: component(loadAuth, 'Unsubscribe') },
      { path: 'portal/:portalId', lazy: component(loadPortal, 'Page') },
      {
        path: 'app',
        Component: RequireSession,
        children: [{ lazy: component(loadApp, 'Layout'), children: appRoutes }],
      },
      {
        path: 'admin',
        Component: RequireAdmin,
        children: [{ lazy: component(loadAdmin, 'Layout'), children: adminRoutes }],
      },
      // Spec 2.1: any other path redirects to /.
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

/**
 * The browser router. When `hydrate` is set (the page arrived pre-rendered, see scripts/prerender.mjs), the lazy
 * routes matching the current URL are loaded first, so the first render matches the server's HTML instead of
 * showing the HydrateFallback.
 */
export async function createRouter({ hydrate = false }: { hydrate?: boolean } = {}) {
  if (hydrate) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes);
}
