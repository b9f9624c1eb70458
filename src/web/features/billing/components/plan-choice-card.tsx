import { CheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { planHighlights, upgradeAdds } from '@core/plan-comparison';
import { planIds, plans, yearlyMonthlyPrice, yearlyPrice, type PlanId } from '@core/plans';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import type { BillingPeriod } from './period-toggle';

const money = (n: number) => `$${Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(2)}`;

/** The price line of a plan for a period: "$63.20/month, $758 billed yearly"; custom pricing for Enterprise. */
export function planPriceText(id: PlanId, period: BillingPeriod): { perMonth: string; note: string } {
  const plan = plans[id];
  if (plan.monthlyPrice === null) return { perMonth: 'Custom', note: 'Priced with our sales team' };
  if (period === 'yearly') return { perMonth: money(yearlyMonthlyPrice(plan)!), note: `${money(yearlyPrice(plan)!)} billed yearly` };
  return { perMonth: money(plan.monthlyPrice), note: 'Billed monthly' };
}

/**
 * One plan on the Billing page: price for the period, what it includes, and against the business's plan what it
 * adds (a higher plan) or leaves out (a lower one). `action` is the button the page offers for it.
 */
export function PlanChoiceCard({
  id,
  current,
  period,
  chosen,
  action,
}: {
  id: PlanId;
  current: PlanId;
  period: BillingPeriod;
  chosen: boolean;
  action?: ReactNode;
}) {
  const plan = plans[id];
  const price = planPriceText(id, period);
  const isCurrent = id === current;
  const higher = planIds.indexOf(id) > planIds.indexOf(current);
  const adds = higher ? upgradeAdds(current, id) : [];
  const loses = !higher && !isCurrent ? upgradeAdds(id, current) : [];
  return (
    <article
      data-testid={`plan-${id}`}
      className={cn(
        'flex min-w-0 flex-col rounded-xl border bg-card p-5 shadow-sm',
        isCurrent ? 'border-primary ring-2 ring-primary' : chosen ? 'border-blue-400 ring-2 ring-blue-300 dark:ring-blue-800' : 'border-border',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">{plan.name}</h3>
        {isCurrent ? <Badge variant="info">Your plan</Badge> : null}
      </div>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-3xl font-extrabold tracking-tight" data-testid={`billing-price-${id}`}>
          {price.perMonth}
        </span>
        {plan.monthlyPrice !== null ? <span className="text-sm text-muted-foreground">/month</span> : null}
      </p>
      <p className="text-sm text-muted-foreground">{price.note}</p>
      <ul className="mt-4 space-y-2 text-sm">
        {planHighlights(id).map((line) => (
          <li key={line} className="flex gap-2">
            <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>{line}</span>
          </li>
        ))}
      </ul>
      {adds.length > 0 ? (
        <div className="mt-4 rounded-lg bg-muted/60 p-3 text-sm">
          <p className="font-medium">Adds to your {plans[current].name} plan:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted-foreground">
            {adds.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {loses.length > 0 ? (
        <div className="mt-4 rounded-lg bg-muted/60 p-3 text-sm">
          <p className="font-medium">Compared with {plans[current].name}, you would lose:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted-foreground">
            {loses.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-auto pt-5">{action}</div>
    </article>
  );
}
