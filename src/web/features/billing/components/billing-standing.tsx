import { Link } from 'react-router';
import type { BillingView } from '@core/api/billing';
import { daysLeft } from '@core/billing/billing-state';
import { Badge } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/date-time';
import { paths } from '@web/lib/paths';
import { cn } from '@web/lib/cn';

type Tone = 'info' | 'warning' | 'danger';

/** The sentence the app shows everywhere for a billing state that needs the owner (null when nothing is asked). */
export function standingNotice(billing: BillingView, timeZone: string, now = new Date()): { text: string; tone: Tone; action: string } | null {
  const until = billing.graceEndsAt ? formatDate(billing.graceEndsAt, timeZone, 'long') : '';
  switch (billing.state) {
    case 'trial': {
      if (!billing.trialEndsAt) return null;
      const days = daysLeft(new Date(billing.trialEndsAt), now);
      return { text: `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}.`, tone: 'info', action: 'Choose a plan' };
    }
    case 'trial_ended':
      return { text: `Your free trial has ended. Your portals keep answering clients until ${until}; choose a plan to keep them open.`, tone: 'warning', action: 'Choose a plan' };
    case 'past_due':
      return { text: `Your last payment failed. Your portals keep answering clients until ${until}; update your card to keep them open.`, tone: 'warning', action: 'Go to Billing' };
    case 'cancelled':
      return { text: `Your subscription is cancelled. Your portals keep answering clients until ${until}.`, tone: 'warning', action: 'Choose a plan' };
    case 'lapsed':
      return { text: 'Your portals are unavailable to clients until a plan is active. Nothing was deleted: choosing a plan brings everything back at once.', tone: 'danger', action: 'Choose a plan' };
    default:
      return null;
  }
}

const toneClass: Record<Tone, string> = {
  info: 'border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100',
  warning: 'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100',
  danger: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
};

/** The banner at the top of every app page: the trial's days left, the grace, or that portals are unavailable. */
export function BillingBanner({ billing, timeZone }: { billing: BillingView | undefined; timeZone: string }) {
  const notice = billing ? standingNotice(billing, timeZone) : null;
  if (!notice) return null;
  return (
    <div role="status" className={cn('border-b px-4 py-2 text-center text-sm', toneClass[notice.tone])} data-testid="trial-banner">
      {notice.text}{' '}
      <Link to={paths.app.billing} className="font-medium underline">
        {notice.action}
      </Link>
    </div>
  );
}

const stateBadges: Record<BillingView['state'], { text: string; variant: 'info' | 'success' | 'warning' | 'danger' | 'secondary' }> = {
  trial: { text: 'Trial', variant: 'info' },
  paying: { text: 'Paid', variant: 'success' },
  assigned: { text: 'Active', variant: 'success' },
  trial_ended: { text: 'Trial ended', variant: 'warning' },
  past_due: { text: 'Payment failed', variant: 'warning' },
  cancelled: { text: 'Cancelled', variant: 'warning' },
  lapsed: { text: 'Portals unavailable', variant: 'danger' },
  suspended: { text: 'Suspended', variant: 'danger' },
  inactive: { text: 'Inactive', variant: 'secondary' },
};

export function BillingStateBadge({ state }: { state: BillingView['state'] }) {
  const badge = stateBadges[state];
  return (
    <Badge variant={badge.variant} data-testid="billing-state">
      {badge.text}
    </Badge>
  );
}
