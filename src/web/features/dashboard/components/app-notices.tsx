import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MeBusiness } from '@web/features/auth/api/me';
import { useCurrentPortal } from '@web/features/dashboard/api/portals';
import { usageQueryOptions } from '@web/features/dashboard/api/usage';
import { paths } from '@web/lib/paths';
import { billingQueryOptions } from '@web/features/billing/api/billing';
import { BillingBanner } from '@web/features/billing/components/billing-standing';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left of the trial (rounded up), or null when the business is not on a trial. */
export function trialDaysLeft(trialEndsAt: string | null | undefined, now = Date.now()): number | null {
  if (!trialEndsAt) return null;
  const end = new Date(trialEndsAt).getTime();
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

/**
 * The banner under the navigation (spec 2.15, D12): the trial's days left, then after an unpaid trial end, a failed
 * payment or a cancellation the grace's end, then that portals are unavailable, each with the way to Billing.
 */
export function TrialBanner({ business }: { business: MeBusiness | null | undefined }) {
  const billing = useQuery({ ...billingQueryOptions(), enabled: Boolean(business) });
  return <BillingBanner billing={billing.data} timeZone={business?.timeZone ?? 'UTC'} />;
}

/** Lookups this month against the plan, with the 80% and 100% warnings (D5). Clients are never cut off. */
export function UsageMeter() {
  const usage = useQuery(usageQueryOptions());
  if (!usage.data) return null;
  const { used, limit, level } = usage.data;
  const percent = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const bar = level === 'exceeded' ? 'bg-red-600' : level === 'warning' ? 'bg-amber-500' : 'bg-primary';
  return (
    <div className="border-b border-border bg-background">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-xs sm:px-6 lg:px-8">
        <span className="text-muted-foreground" data-testid="usage-meter">
          Portal lookups this month: <span className="font-medium text-foreground">{used.toLocaleString()}</span>
          {limit ? ` of ${limit.toLocaleString()}` : ' (unlimited plan)'}
        </span>
        {limit ? (
          <span className="h-1.5 w-32 overflow-hidden rounded-full bg-muted" role="meter" aria-label="Lookups used" aria-valuemin={0} aria-valuemax={limit} aria-valuenow={used}>
            <span className={`block h-full ${bar}`} style={{ width: `${percent}%` }} />
          </span>
        ) : null}
        {level === 'warning' ? (
          <span className="font-medium text-amber-800 dark:text-amber-300">You have used {percent}% of your plan&apos;s lookups this month.</span>
        ) : level === 'exceeded' ? (
          <span className="font-medium text-red-700 dark:text-red-400">
            You have reached your plan&apos;s lookups for this month. Your clients can still look up their projects;{' '}
            <Link to={paths.app.billing} className="underline">
              upgrade your plan
            </Link>
            .
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** Chooses the portal the app shows; only when the business has several. */
export function PortalSwitcher() {
  const current = useCurrentPortal();
  if (current.portals.length < 2 || !current.portal) return null;
  return (
    <label className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
      Portal
      <select
        value={current.portal.portalId}
        onChange={(e) => current.choose(e.target.value)}
        title={current.portal.name}
        className="h-7 w-full min-w-0 max-w-56 truncate rounded-md border border-input bg-background px-2 text-xs text-foreground"
      >
        {current.portals.map((p) => (
          <option key={p.portalId} value={p.portalId}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
