import { isPlanId, plans } from '@core/plans';
import { CircleCheckBigIcon, LayoutDashboardIcon, PaletteIcon, SearchXIcon, SettingsIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LoadingState } from '@web/components/spinner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useMe } from '@web/features/auth/api/use-me';
import type { MeBusiness } from '@web/features/auth/api/me';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { paths } from '@web/lib/paths';
import { AuthCard, authLinkClass } from './auth-card';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trial length in whole days from the business's own dates; null when it has no trial. */
function trialDays(business: MeBusiness): number | null {
  if (!business.trialEndsAt) return null;
  const days = Math.round((Date.parse(business.trialEndsAt) - Date.parse(business.createdAt)) / DAY_MS);
  return Number.isFinite(days) && days > 0 ? days : null;
}

const nextSteps = [
  { icon: PaletteIcon, title: 'Add your logo and customise your portal', text: 'Match the portal to your brand colours and message.' },
  { icon: UsersIcon, title: 'Create your first client portal and invite clients', text: 'Connect your client sheet, then share the portal link.' },
  { icon: LayoutDashboardIcon, title: 'Explore your dashboard', text: 'See your clients and their status at a glance.' },
];

/** /account-created (spec 2.11). Only reached with a session (the route is guarded). */
export function AccountCreatedPage() {
  const me = useMe();
  const { config } = usePublicConfig();

  if (me.isPending) return <LoadingState />;
  const business = me.data?.business ?? null;

  if (!business) {
    return (
      <>
        <title>{`Welcome | ${config.platformName}`}</title>
        <AuthCard
          title="No Account Data Found"
          description="We could not find business details for this account."
          icon={<SearchXIcon aria-hidden="true" className="size-6" />}
        >
          <Button asChild className="w-full">
            <Link to={paths.app.dashboard}>Go to Dashboard</Link>
          </Button>
        </AuthCard>
      </>
    );
  }

  const planName = isPlanId(business.plan) ? plans[business.plan].name : business.plan;
  const days = trialDays(business);

  return (
    <>
      <title>{`Welcome | ${config.platformName}`}</title>
      <AuthCard
        className="max-w-xl"
        title={`Welcome to ${config.platformName}!`}
        description="Your account has been created."
        icon={<CircleCheckBigIcon aria-hidden="true" className="size-6" />}
      >
        <dl className="divide-y divide-border rounded-lg border border-border">
          <div className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
            <dt className="text-sm text-muted-foreground">Company Name</dt>
            <dd className="font-medium">{business.companyName}</dd>
          </div>
          <div className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
            <dt className="text-sm text-muted-foreground">Account Owner</dt>
            <dd className="font-medium">{business.ownerName}</dd>
          </div>
          <div className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
            <dt className="text-sm text-muted-foreground">Plan</dt>
            <dd className="flex items-center gap-2 font-medium">
              {planName}
              {days !== null ? <Badge variant="success">{`${days}-day Trial`}</Badge> : null}
            </dd>
          </div>
        </dl>

        <h2 className="mt-8 text-lg font-semibold">Next steps</h2>
        <ol className="mt-3 space-y-3">
          {nextSteps.map((item, index) => (
            <li key={item.title} className="flex gap-3 rounded-lg bg-muted/60 p-3">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <span>
                <span className="block font-medium">{item.title}</span>
                <span className="block text-sm text-muted-foreground">{item.text}</span>
              </span>
            </li>
          ))}
        </ol>

        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild className="flex-1">
            <Link to={paths.app.dashboard}>
              <LayoutDashboardIcon aria-hidden="true" /> Go to Dashboard
            </Link>
          </Button>
          <Button asChild variant="outline" className="flex-1">
            <Link to={paths.app.setup}>
              <SettingsIcon aria-hidden="true" /> Set Up Your Portal
            </Link>
          </Button>
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Need help getting started?{' '}
          <Link to={paths.support} className={authLinkClass}>
            Contact support
          </Link>
        </p>
      </AuthCard>
    </>
  );
}
