import { getPlan, isPlanId } from '@core/plans';
import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import type { Me } from '@web/features/auth/api/me';
import { trialDaysLeft } from '@web/features/dashboard/components/app-notices';
import { formatDate } from '@web/lib/date-time';
import { paths } from '@web/lib/paths';


const statusLabel: Record<string, { label: string; variant: 'success' | 'info' | 'danger' | 'secondary' }> = {
  active: { label: 'Active', variant: 'success' },
  trial: { label: 'Trial', variant: 'info' },
  suspended: { label: 'Suspended', variant: 'danger' },
  inactive: { label: 'Inactive', variant: 'secondary' },
};

/** The plan (name, price, limits), the account status and the trial's end with the days left. */
export function PlanSummary({ me }: { me: Me }) {
  const business = me.business!;
  const plan = getPlan(isPlanId(business.plan) ? business.plan : 'starter');
  const status = statusLabel[business.status ?? 'trial'] ?? { label: business.status ?? '', variant: 'secondary' as const };
  const onTrial = business.status === undefined || business.status === 'trial';
  const days = onTrial ? trialDaysLeft(business.trialEndsAt) : null;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="mt-0.5 flex flex-wrap items-center gap-2">
            <span className="text-lg font-semibold" data-testid="account-plan">
              {plan.name}
            </span>
            <Badge variant={status.variant}>{status.label}</Badge>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Price</dt>
          <dd className="mt-0.5 font-medium">{plan.monthlyPrice === null ? 'Custom pricing' : `$${plan.monthlyPrice} per month`}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Portal lookups</dt>
          <dd className="mt-0.5 font-medium">{plan.searchesPerMonth === null ? 'Unlimited' : `${plan.searchesPerMonth.toLocaleString()} per month`}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Portals</dt>
          <dd className="mt-0.5 font-medium">{plan.portals === null ? 'Unlimited' : plan.portals.toLocaleString()}</dd>
        </div>
        {onTrial && business.trialEndsAt ? (
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">Free trial</dt>
            <dd className="mt-0.5 font-medium" data-testid="account-trial">
              {days === 0
                ? `Ended on ${formatDate(business.trialEndsAt, business.timeZone, 'long')}`
                : `Ends on ${formatDate(business.trialEndsAt, business.timeZone, 'long')} (${days} ${days === 1 ? 'day' : 'days'} left)`}
            </dd>
          </div>
        ) : null}
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-muted-foreground">Sign-in e-mail</dt>
          <dd className="mt-0.5 break-all font-medium">{me.user.email}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Member since</dt>
          <dd className="mt-0.5 font-medium">{formatDate(business.createdAt, business.timeZone, 'long')}</dd>
        </div>
      </dl>
      <Link to={paths.app.billing} className="inline-block text-sm font-medium text-link underline-offset-4 hover:underline">
        Billing and plans
      </Link>
    </div>
  );
}
