import { SparklesIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { upgradeAdds } from '@core/plan-comparison';
import { firstPlanWith, PLAN_FEATURE_ERROR, planFeatureLabels, type PlanFeature } from '@core/plan-features';
import { plans, type PlanId } from '@core/plans';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';

/**
 * What an upgrade adds, where a feature outside the plan would be (D12: the screen shows the upgrade, not an error):
 * the plan that has it, the lines that plan adds over the current one, and the way to the Billing page.
 */
export function UpgradeCard({ feature, plan, className, compact = false }: { feature: PlanFeature; plan: PlanId; className?: string; compact?: boolean }) {
  const target = firstPlanWith(feature);
  const { label, plural } = planFeatureLabels[feature];
  const adds = upgradeAdds(plan, target);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`upgrade-${feature}`}
      className={cn('rounded-xl border border-blue-200 bg-blue-50/60 p-5 text-sm dark:border-blue-900 dark:bg-blue-950/40', className)}
    >
      <div className="flex items-start gap-3">
        <SparklesIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-blue-700 dark:text-blue-300" />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold text-foreground">
            {label} {plural ? 'are' : 'is'} part of the {plans[target].name} plan
          </h3>
          {!compact && adds.length > 0 ? (
            <>
              <p className="mt-2 text-muted-foreground">Moving from {plans[plan].name} to {plans[target].name} adds:</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted-foreground">
                {adds.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}
          <Button asChild size="sm" className="mt-3">
            <Link to={paths.app.billing}>See plans and upgrade</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

/** True when the server refused a request for a feature outside the plan (403 plan_feature). */
export function isPlanFeatureError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === PLAN_FEATURE_ERROR;
}

/** A refused request's upgrade hint (the server's sentence) with the way to the Billing page, in place of an error. */
export function PlanFeatureNotice({ error }: { error: ApiError }) {
  return (
    <p role="alert" className="text-sm text-foreground">
      {error.message}{' '}
      <Link to={paths.app.billing} className="font-medium text-link underline underline-offset-4">
        See plans
      </Link>
    </p>
  );
}
