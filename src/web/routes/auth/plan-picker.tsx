import { plans, signupPlanIds, type SignupPlanId } from '@core/plans';
import { CheckIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';

function searchesText(searches: number | null): string {
  return searches === null ? 'Unlimited searches/month' : `${searches.toLocaleString('en-US')} searches/month`;
}

function portalsText(portals: number | null): string {
  if (portals === null) return 'Unlimited portals';
  return portals === 1 ? '1 portal' : `Up to ${portals} portals`;
}

/** Step 3 of sign-up: the three plans as a radio group of cards. */
export function PlanPicker({
  value,
  onChange,
  disabled,
}: {
  value: SignupPlanId;
  onChange: (plan: SignupPlanId) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="sr-only">Choose your plan</legend>
      <div className="grid gap-4 md:grid-cols-3">
        {signupPlanIds.map((id) => {
          const plan = plans[id];
          const selected = value === id;
          return (
            <label
              key={id}
              htmlFor={`plan-${id}`}
              className={cn(
                'relative flex cursor-pointer flex-col rounded-lg border-2 p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background',
                selected ? 'border-primary bg-accent/60' : 'border-border hover:border-input',
              )}
            >
              <input
                type="radio"
                id={`plan-${id}`}
                name="plan"
                value={id}
                checked={selected}
                onChange={() => onChange(id)}
                className="sr-only"
                aria-labelledby={`plan-${id}-name`}
                aria-describedby={`plan-${id}-details`}
              />
              <span className="flex items-center justify-between gap-2">
                <span id={`plan-${id}-name`} className="text-base font-semibold">
                  {plan.name}
                </span>
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-5 items-center justify-center rounded-full border-2',
                    selected ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
                  )}
                >
                  {selected ? <CheckIcon className="size-3" /> : null}
                </span>
              </span>
              <span id={`plan-${id}-details`} className="mt-2 flex flex-col gap-1">
                <span>
                  <span className="text-2xl font-bold">${plan.monthlyPrice}</span>
                  <span className="text-sm text-muted-foreground">/month</span>
                </span>
                <span className="text-sm text-muted-foreground">{searchesText(plan.searchesPerMonth)}</span>
                <span className="text-sm text-muted-foreground">{portalsText(plan.portals)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
