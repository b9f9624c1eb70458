import { useQuery } from '@tanstack/react-query';
import { CreditCardIcon, MailIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BillingView } from '@core/api/billing';
import { daysLeft } from '@core/billing/billing-state';
import { planIds, plans, type PlanId } from '@core/plans';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState } from '@web/components/spinner';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useMe } from '@web/features/auth/api/use-me';
import { billingQueryOptions, useBillingPortal, useCheckout } from '@web/features/billing/api/billing';
import { ChangePlanButton, PendingChanges } from '@web/features/billing/components/plan-change';
import { BillingStateBadge, standingNotice } from '@web/features/billing/components/billing-standing';
import { InvoicesList } from '@web/features/billing/components/invoices-list';
import { PeriodToggle, type BillingPeriod } from '@web/features/billing/components/period-toggle';
import { PlanChoiceCard, planPriceText } from '@web/features/billing/components/plan-choice-card';
import { PlanComparisonTable } from '@web/features/billing/components/plan-comparison-table';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/date-time';
import { paths } from '@web/lib/paths';

/** /app/billing: the plan and its billing state, what each plan adds, choosing or changing a plan, invoices (D12, issue 21). */
export function BillingPage() {
  const me = useMe();
  const [params] = useSearchParams();
  const returned = params.get('checkout');
  const billing = useQuery({
    ...billingQueryOptions(),
    // Back from Checkout: Stripe's webhook makes the plan active within seconds.
    refetchInterval: (q) => (returned === 'success' && q.state.data?.state !== 'paying' ? 1500 : false),
  });
  const [period, setPeriod] = useState<BillingPeriod>(params.get('period') === 'monthly' ? 'monthly' : 'yearly');
  let body;
  if (me.isPending || billing.isPending) body = <LoadingState label="Loading your plan..." />;
  else if (me.isError || billing.isError || !me.data?.business) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>Could not load your plan</AlertTitle>
        <AlertDescription>{me.error || billing.error ? errorMessage(me.error ?? billing.error) : 'This account has no business.'}</AlertDescription>
      </Alert>
    );
  } else {
    const view = billing.data;
    const timeZone = me.data.business.timeZone;
    body = (
      <div className="space-y-8">
        <CheckoutReturn returned={returned} billing={view} />
        <CurrentPlan billing={view} timeZone={timeZone} />
        {view.paymentsConnected ? null : <OperatorAssignsPlans />}
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
              <PlanChoiceCard key={id} id={id} current={view.plan} period={period} chosen={params.get('plan') === id} action={<PlanAction id={id} billing={view} period={period} />} />
            ))}
          </div>
        </section>
        {view.paymentsConnected || view.invoices.length > 0 ? <InvoicesList invoices={view.invoices} timeZone={timeZone} /> : null}
        <section aria-labelledby="billing-compare" className="space-y-3">
          <h2 id="billing-compare" className="text-xl font-semibold">
            Compare plans
          </h2>
          <PlanComparisonTable current={view.plan} />
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

/** Back from Stripe Checkout: paid (waiting for Stripe's confirmation, then done) or cancelled. */
function CheckoutReturn({ returned, billing }: { returned: string | null; billing: BillingView }) {
  if (returned === 'cancelled') {
    return (
      <Alert data-testid="checkout-return">
        <AlertTitle>Checkout cancelled</AlertTitle>
        <AlertDescription>Nothing was charged. Choose a plan whenever you are ready.</AlertDescription>
      </Alert>
    );
  }
  if (returned !== 'success') return null;
  const done = billing.state === 'paying';
  return (
    <Alert variant={done ? 'success' : 'default'} data-testid="checkout-return">
      <AlertTitle>{done ? `Thank you: your ${plans[billing.plan].name} plan is active` : 'Payment received'}</AlertTitle>
      <AlertDescription>{done ? 'Your receipt is under Invoices below, and Stripe e-mails it to you.' : 'Your plan becomes active as soon as Stripe confirms the payment, usually within seconds.'}</AlertDescription>
    </Alert>
  );
}

function CurrentPlan({ billing, timeZone }: { billing: BillingView; timeZone: string }) {
  const notice = standingNotice(billing, timeZone);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Your plan</CardTitle>
        {billing.canManage ? <ManageBilling /> : null}
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <p className="text-muted-foreground">Plan</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-2">
              <span className="text-lg font-semibold" data-testid="billing-plan">
                {plans[billing.plan].name}
              </span>
              <BillingStateBadge state={billing.state} />
            </p>
          </div>
          <div>
            <p className="text-muted-foreground">Price</p>
            <p className="mt-0.5 font-medium">{priceLine(billing)}</p>
          </div>
          <PlanDates billing={billing} timeZone={timeZone} />
        </div>
        <PendingChanges billing={billing} timeZone={timeZone} />
        {notice && billing.state !== 'trial' ? (
          <Alert variant={billing.state === 'lapsed' ? 'destructive' : 'default'} data-testid="billing-notice">
            <AlertDescription>{notice.text}</AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function priceLine(billing: BillingView): string {
  if (plans[billing.plan].monthlyPrice === null) return 'Custom pricing';
  const price = planPriceText(billing.plan, billing.period ?? 'monthly');
  return billing.period === 'yearly' ? `${price.perMonth} per month, ${price.note}` : `${price.perMonth} per month`;
}

/** The trial's end with the days left, or the paid period's end. */
function PlanDates({ billing, timeZone }: { billing: BillingView; timeZone: string }) {
  if (billing.state === 'trial' && billing.trialEndsAt) {
    const days = daysLeft(new Date(billing.trialEndsAt), new Date());
    return (
      <div>
        <p className="text-muted-foreground">Free trial</p>
        <p className="mt-0.5 font-medium" data-testid="billing-trial">
          {days} {days === 1 ? 'day' : 'days'} left (until {formatDate(billing.trialEndsAt, timeZone, 'long')})
        </p>
      </div>
    );
  }
  if (billing.state === 'paying' && billing.currentPeriodEnd) {
    return (
      <div>
        <p className="text-muted-foreground">{billing.cancelAt ? 'Ends on' : 'Renews on'}</p>
        <p className="mt-0.5 font-medium">{formatDate(billing.currentPeriodEnd, timeZone, 'long')}</p>
      </div>
    );
  }
  return null;
}

function ManageBilling({ label = 'Manage billing', variant = 'outline' }: { label?: string; variant?: 'outline' | 'default' }) {
  const portal = useBillingPortal();
  return (
    <div className="space-y-1">
      <Button variant={variant} className="w-full" onClick={() => portal.mutate()} disabled={portal.isPending}>
        <CreditCardIcon aria-hidden="true" /> {portal.isPending ? 'Opening Stripe...' : label}
      </Button>
      {portal.isError ? <p className="text-sm text-destructive">{errorMessage(portal.error)}</p> : null}
    </div>
  );
}

/** The button under a plan: buy it (Checkout), change to it (upgrade now, downgrade at renewal), or contact sales. */
function PlanAction({ id, billing, period }: { id: PlanId; billing: BillingView; period: BillingPeriod }) {
  if (id === 'enterprise') return <ContactSales />;
  if (!billing.paymentsConnected) return null;
  if (billing.state === 'past_due') return id === billing.plan ? <ManageBilling label="Update card" /> : null;
  if (billing.state !== 'paying') return <ChooseButton id={id} period={period} />;
  if (id === billing.plan && period === billing.period) return <p className="text-center text-sm text-muted-foreground">Your current plan</p>;
  return <ChangePlanButton billing={billing} to={{ plan: id, period }} />;
}

function ChooseButton({ id, period }: { id: PlanId; period: BillingPeriod }) {
  const checkout = useCheckout();
  return (
    <div className="space-y-1">
      <Button className="w-full" onClick={() => checkout.mutate({ plan: id, period })} disabled={checkout.isPending}>
        {checkout.isPending ? 'Opening checkout...' : `Choose ${plans[id].name}`}
      </Button>
      {checkout.isError ? <p className="text-sm text-destructive">{errorMessage(checkout.error)}</p> : null}
    </div>
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
