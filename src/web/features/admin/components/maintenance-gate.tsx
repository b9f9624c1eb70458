import { WrenchIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ThemeToggle } from '@web/components/theme-toggle';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '@web/features/auth/api/me';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { paths } from '@web/lib/paths';
import { useMaintenance } from '../api/maintenance';

/** Pages that stay reachable during maintenance, so operators can sign in (and out). */
const OPEN_PATHS: readonly string[] = [paths.login, paths.signout, paths.resetPassword, paths.forgotPassword, paths.unauthorized];

export function MaintenancePage({ message }: { message: string }) {
  const { config } = usePublicConfig();
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`Maintenance | ${config.platformName}`}</title>
      <div className="flex justify-end px-4 py-3">
        <ThemeToggle />
      </div>
      <main className="flex flex-1 flex-col items-center justify-center px-6 pb-24 text-center">
        <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300">
          <WrenchIcon aria-hidden="true" className="size-7" />
        </div>
        <h1 className="text-3xl font-bold tracking-tight">Down for Maintenance</h1>
        <p className="mt-3 max-w-md text-muted-foreground">{message}</p>
        <p className="mt-1 text-sm text-muted-foreground">{config.platformName} will be back shortly.</p>
        <Link to={paths.login} className="mt-8 text-sm text-link underline-offset-4 hover:underline">
          Operator sign-in
        </Link>
      </main>
    </div>
  );
}

/**
 * Maintenance mode (platform setting): everyone but platform operators sees the maintenance page. The API
 * enforces the same (503); this is what people see.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const maintenance = useMaintenance();
  const on = maintenance.data?.maintenanceMode === true;
  // Only asked while maintenance is on (the API answers 503 to all but operators then).
  const me = useQuery({ ...meQueryOptions(), enabled: on });
  if (!on || OPEN_PATHS.includes(pathname)) return <>{children}</>;
  // Signed in as an operator: the whole site works. (While checking, show nothing new.)
  if (me.isPending) return null;
  if (me.data?.user.role === 'admin') return <>{children}</>;
  return <MaintenancePage message={maintenance.data!.message} />;
}
