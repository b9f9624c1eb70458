import { CalendarClockIcon } from 'lucide-react';
import type { BillingView } from '@core/api/billing';
import { planChangeKind, type PlanChoice } from '@core/billing/plan-change';
import { plans } from '@core/plans';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useCancelScheduledChange, useChangePlan, useResumeSubscription } from '@web/features/billing/api/billing';
import { errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/date-time';

const periodWord = (choice: PlanChoice) => (choice.period === 'yearly' ? 'yearly' : 'monthly');

/** The label of a change: an upgrade happens now, a downgrade at the renewal. */
function changeLabel(billing: BillingView, to: PlanChoice): string {
  const from = { plan: billing.plan, period: billing.period ?? 'monthly' };
  const upgrade = planChangeKind(from, to) === 'upgrade';
  if (to.plan === billing.plan) return upgrade ? 'Switch to yearly now' : 'Switch to monthly at renewal';
  return upgrade ? `Upgrade to ${plans[to.plan].name} now` : `Switch to ${plans[to.plan].name} at renewal`;
}

/** Under a plan card while paying: change to it, or what is already scheduled for it. */
export function ChangePlanButton({ billing, to }: { billing: BillingView; to: PlanChoice }) {
  const change = useChangePlan();
  const scheduled = billing.scheduledChange;
  if (scheduled && scheduled.plan === to.plan && scheduled.period === to.period) {
    return <p className="text-center text-sm text-muted-foreground">Starts at your renewal</p>;
  }
  return (
    <div className="space-y-1">
      <Button variant="outline" className="w-full whitespace-normal" onClick={() => change.mutate(to)} disabled={change.isPending}>
        {change.isPending ? 'Changing...' : changeLabel(billing, to)}
      </Button>
      {change.isError ? (
        <p role="alert" className="text-sm text-destructive" data-testid="plan-change-error">
          {errorMessage(change.error)}
        </p>
      ) : null}
    </div>
  );
}

/** In "Your plan": a downgrade waiting for the renewal (with "Keep"), or a cancellation at the period's end (with "Resume"). */
export function PendingChanges({ billing, timeZone }: { billing: BillingView; timeZone: string }) {
  const keep = useCancelScheduledChange();
  const resume = useResumeSubscription();
  const current = plans[billing.plan].name;
  if (billing.cancelAt) {
    return (
      <Alert data-testid="billing-ending">
        <CalendarClockIcon aria-hidden="true" />
        <AlertTitle>Your subscription ends on {formatDate(billing.cancelAt, timeZone, 'long')}</AlertTitle>
        <AlertDescription>
          <p>You cancelled it; your {current} plan stays until then. Resume it to keep renewing as before, with the same card.</p>
          <Button className="mt-2" onClick={() => resume.mutate()} disabled={resume.isPending}>
            {resume.isPending ? 'Resuming...' : 'Resume subscription'}
          </Button>
          {resume.isError ? <p className="text-sm text-destructive">{errorMessage(resume.error)}</p> : null}
        </AlertDescription>
      </Alert>
    );
  }
  const scheduled = billing.scheduledChange;
  if (!scheduled) return null;
  return (
    <Alert data-testid="billing-scheduled">
      <CalendarClockIcon aria-hidden="true" />
      <AlertTitle>
        Changes to {plans[scheduled.plan].name} ({periodWord(scheduled)}) on {formatDate(scheduled.at, timeZone, 'long')}
      </AlertTitle>
      <AlertDescription>
        <p>You keep everything in your {current} plan until then.</p>
        <Button variant="outline" className="mt-2" onClick={() => keep.mutate()} disabled={keep.isPending}>
          {keep.isPending ? 'Cancelling...' : `Keep ${current}`}
        </Button>
        {keep.isError ? <p className="text-sm text-destructive">{errorMessage(keep.error)}</p> : null}
      </AlertDescription>
    </Alert>
  );
}
