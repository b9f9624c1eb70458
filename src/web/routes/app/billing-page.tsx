import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isPlanId, planIds, plans, type PlanId } from '@core/plans';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState } from '@web/components/spinner';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import type { MeBusiness } from '@web/features/auth/api/me';
import { useMe } from '@web/features/auth/api/use-me';
import { PeriodToggle, type BillingPeriod } from '@web/features/billing/components/period-toggle';
import { PlanChoiceCard, planPriceText } from '@web/features/billing/components/plan-choice-card';
import { PlanComparisonTable } from '@web/features/billing/components/plan-comparison-table';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { trialDaysLeft } from '@web/features/dashboard/components/app-notices';
import { errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/date-time';
import { paths } from '@web/lib/paths';

/** /app/billing: the business's plan and trial, what each plan adds, and how to change plan (D12, issue 21). */
export function BillingPage() {
  const me = useMe();
  const [params] = useSearchParams();
  const asked = params.get('plan');
  const [period, setPeriod] = useState<BillingPeriod>(params.get('period') === 'monthly' ? 'monthly' : 'yearly');
  let body;
  if (me.isPending) body = <LoadingState label="Loading your plan..." />;
  else if (me.isError || !me.data?.business) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>Could not load your plan</AlertTitle>
        <AlertDescription>{me.isError ? errorMessage(me.error) : 'This account has no business.'}</AlertDescription>
      </Alert>
    );
  } else {
    const business = me.data.business;
    const current: PlanId = isPlanId(business.plan) ? business.plan : 'starter';
    body = (
      <div className="space-y-8">
        <CurrentPlan business={business} plan={current} />
        <OperatorAssignsPlans />
        <section aria-labelledby="billing-plans" className="space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 id="billing-plans" className="text-xl font-semibold">
                Plans
              </h2>
              <p className="text-sm text-muted-foreground">What each plan includes, and what it adds to yours.</p>
            </div>
            <PeriodToggle period={period} onChange={setPeriod} />
          </div>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
            {planIds.map((id) => (
              <PlanChoiceCard key={id} id={id} current={current} period={period} chosen={asked === id} action={id === 'enterprise' ? <ContactSales /> : null} />
            ))}
          </div>
        </section>
        <section aria-labelledby="billing-compare" className="space-y-3">
          <h2 id="billing-compare" className="text-xl font-semibold">
            Compare plans
          </h2>
          <PlanComparisonTable current={current} />
        </section>
      </div>
    );
  }
  return (
    <>
      <PageTitle title="Billing" />
      <PageHeader title="Billing" description="Your plan, what each plan includes, and how to change it." />
      {body}
    </>
  );
}

function CurrentPlan({ business, plan }: { business: MeBusiness; plan: PlanId }) {
  const onTrial = business.status === 'trial';
  const days = onTrial ? trialDaysLeft(business.trialEndsAt) : null;
  const price = planPriceText(plan, 'monthly');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your plan</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <p className="text-muted-foreground">Plan</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-2">
            <span className="text-lg font-semibold" data-testid="billing-plan">
              {plans[plan].name}
            </span>
            {onTrial ? <Badge variant="info">Trial</Badge> : business.status === 'active' ? <Badge variant="success">Active</Badge> : null}
          </p>
        </div>
        <div>
          <p className="text-muted-foreground">Price</p>
          <p className="mt-0.5 font-medium">{plans[plan].monthlyPrice === null ? 'Custom pricing' : `${price.perMonth} per month`}</p>
        </div>
        {onTrial && business.trialEndsAt ? (
          <div>
            <p className="text-muted-foreground">Free trial</p>
            <p className="mt-0.5 font-medium" data-testid="billing-trial">
              {days === 0
                ? `Ended on ${formatDate(business.trialEndsAt, business.timeZone, 'long')}`
                : `${days} ${days === 1 ? 'day' : 'days'} left (until ${formatDate(business.trialEndsAt, business.timeZone, 'long')})`}
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Without payments connected (a self-hosted install, D12): plans are assigned by the operator; nothing takes money. */
function OperatorAssignsPlans() {
  const { config } = usePublicConfig();
  const sales = config.contact.salesEmail ?? config.contact.supportEmail;
  return (
    <Alert data-testid="billing-operator">
      <AlertTitle>Plans are assigned by the platform operator</AlertTitle>
      <AlertDescription>
        <p>
          Payments are not connected on {config.platformName}. To change your plan, ask the operator
          {sales ? (
            <>
              {' '}
              at{' '}
              <a className="font-medium text-link underline underline-offset-4" href={`mailto:${sales}`}>
                {sales}
              </a>
            </>
          ) : null}
          ; they change it for you, and everything you have set up stays.
        </p>
      </AlertDescription>
    </Alert>
  );
}

function ContactSales() {
  return (
    <Button asChild variant="outline" className="w-full">
      <Link to={`${paths.contact}?interest=enterprise`}>
        <MailIcon aria-hidden="true" /> Contact sales
      </Link>
    </Button>
  );
}
