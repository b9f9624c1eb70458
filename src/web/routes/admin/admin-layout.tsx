import { LogOutIcon } from 'lucide-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ShellHeader, UserBadge, type ShellNavItem } from '@web/components/shell-header';
import { SiteFooter } from '@web/components/site-footer';
import { LoadingState } from '@web/components/spinner';
import { Button } from '@web/components/ui/button';
import { useMe } from '@web/features/auth/api/use-me';
import { useAdminSession } from '@web/features/admin/api/admin-session';
import { TwoFactorSetup } from '@web/features/admin/components/two-factor-setup';
import { paths } from '@web/lib/paths';

/** The four back-office tabs (spec 2.16); the inbox and activity log hang off the dashboard. */
const tabs: ShellNavItem[] = [
  { to: paths.admin.dashboard, label: 'Dashboard', alsoActiveOn: [paths.admin.inbox, paths.admin.activity] },
  { to: paths.admin.businesses, label: 'Businesses' },
  { to: paths.admin.analytics, label: 'Analytics' },
  { to: paths.admin.settings, label: 'Platform Settings' },
];

/**
 * The /admin shell: header with tabs and Logout, the page, a footer. Guarded by RequireAdmin; while the platform
 * requires two-factor sign-in and the operator has not set it up, the set-up takes the page's place.
 */
export function AdminLayout() {
  const me = useMe();
  const session = useAdminSession();
  const location = useLocation();
  const navigate = useNavigate();
  const name = me.data?.user.name?.trim() || me.data?.user.email || 'Admin';
  const needsTwoFactor = session.data ? session.data.twoFactor.required && !session.data.twoFactor.enabled : false;

  return (
    <div className="flex min-h-dvh flex-col">
      <ShellHeader
        brandTo={paths.admin.dashboard}
        brandSuffix="Admin"
        navLabel="Back office"
        items={tabs}
        user={<UserBadge name={name} detail="Administrator" />}
        signOut={
          <Button variant="outline" size="sm" onClick={() => void navigate(paths.signout)}>
            <LogOutIcon aria-hidden="true" /> Logout
          </Button>
        }
      />
      <main key={location.pathname} className="page-fade-in mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        {session.isPending ? <LoadingState label="Verifying access..." /> : needsTwoFactor ? <TwoFactorSetup /> : <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
