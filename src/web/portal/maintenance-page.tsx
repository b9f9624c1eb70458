import { ThemeButton } from './theme-button';
import { WrenchIcon } from './icons';

/** Shown when the platform's maintenance answer (503 'maintenance') carries no message of its own. */
export const MAINTENANCE_FALLBACK_MESSAGE = 'The platform is down for maintenance. Please try again later.';

/**
 * The platform's maintenance page inside the portal's own bundle: the same look and words as the main app's
 * (src/web/features/admin/components/maintenance-gate.tsx), which cannot be imported here (router and query
 * library). Shown on first load and whenever a portal call answers 503 'maintenance'.
 */
export function PortalMaintenancePage({ message, platformName }: { message: string; platformName: string }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <div className="flex justify-end px-4 py-3">
        <ThemeButton />
      </div>
      <main id="main" className="flex flex-1 flex-col items-center justify-center px-6 pb-24 text-center">
        <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300">
          <WrenchIcon className="size-7" />
        </div>
        <h1 className="text-3xl font-bold tracking-tight">Down for Maintenance</h1>
        <p className="mt-3 max-w-md text-muted-foreground">{message || MAINTENANCE_FALLBACK_MESSAGE}</p>
        <p className="mt-1 text-sm text-muted-foreground">{platformName ? `${platformName} will be back shortly.` : 'We will be back shortly.'}</p>
        <a href="/login" className="mt-8 text-sm text-blue-700 underline-offset-4 hover:underline dark:text-blue-300">
          Operator sign-in
        </a>
      </main>
    </div>
  );
}
