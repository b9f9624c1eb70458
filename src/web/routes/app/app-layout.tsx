import { LogOutIcon } from 'lucide-react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ShellHeader, UserBadge, type ShellNavItem } from '@web/components/shell-header';
import { SiteFooter } from '@web/components/site-footer';
import { Button } from '@web/components/ui/button';
import { displayName } from '@web/features/auth/api/me';
import { useMe } from '@web/features/auth/api/use-me';
import { ImpersonationBanner } from '@web/features/admin/components/impersonation-banner';
import { PortalSwitcher, TrialBanner, UsageMeter } from '@web/features/dashboard/components/app-notices';
import { paths } from '@web/lib/paths';

/** The business app's top navigation: the six items of spec 2.15, then Developers. */
const navItems: ShellNavItem[] = [
  { to: paths.app.dashboard, label: 'Dashboard' },
  { to: paths.app.portals, label: 'Client Management' },
  { to: paths.app.analytics, label: 'Analytics' },
  // The template editor and client notifications are opened from the configurator: they belong under the same item.
  { to: paths.app.configurator, label: 'Portal Config', alsoActiveOn: [paths.app.templateConfig, paths.app.notifications] },
  { to: paths.app.workload, label: 'Workload Management' },
  { to: paths.app.sheetsSetup, label: 'Google Sheets', alsoActiveOn: [paths.app.setup] },
  // API keys and webhooks (issue 22), after the spec's six items.
  { to: paths.app.developers, label: 'Developers' },
];

/** The /app shell: header with navigation and the signed-in owner, the page, a footer. Guarded by RequireSession. */
export function AppLayout() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const name = displayName(me.data);
  const company = me.data?.business?.companyName;

  return (
    <div className="flex min-h-dvh flex-col">
      {me.data?.impersonatedBy ? <ImpersonationBanner companyName={company} /> : null}
      <ShellHeader
        brandTo={paths.app.dashboard}
        navLabel="Main"
        items={navItems}
        fallbackActive={location.pathname === paths.app.account || location.pathname === paths.app.billing ? undefined : paths.app.dashboard}
        user={
          <Link
            to={paths.app.account}
            className="-m-1 flex min-w-0 items-center gap-2 rounded-md p-1 outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-accent"
            aria-current={location.pathname === paths.app.account ? 'page' : undefined}
          >
            <UserBadge name={name} detail={company} />
            <span className="sr-only">(account settings)</span>
          </Link>
        }
        signOut={
          <Button variant="outline" size="sm" onClick={() => void navigate(paths.signout)}>
            <LogOutIcon aria-hidden="true" /> Sign Out
          </Button>
        }
      />
      <TrialBanner business={me.data?.business} />
      <UsageMeter />
      <div className="mx-auto flex w-full max-w-7xl justify-end px-4 pt-3 sm:px-6 lg:px-8 empty:hidden">
        <PortalSwitcher />
      </div>
      <main key={location.pathname} className="page-fade-in mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
