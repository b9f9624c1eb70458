import { CheckIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';

export const signupSteps = ['Business Info', 'Create Account', 'Select Plan'] as const;

/** The wizard's progress: three numbered steps, the current one marked with aria-current="step". */
export function SignupStepIndicator({ step }: { step: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Signup progress" className="mb-8">
      <ol className="flex items-start justify-between">
        {signupSteps.map((label, index) => {
          const number = index + 1;
          const done = number < step;
          const current = number === step;
          return (
            <li key={label} aria-current={current ? 'step' : undefined} className="relative flex flex-1 flex-col items-center px-1 text-center">
              {index > 0 ? (
                <span
                  aria-hidden="true"
                  className={cn('absolute right-1/2 top-4 h-0.5 w-full', done || current ? 'bg-primary' : 'bg-border')}
                />
              ) : null}
              <span
                className={cn(
                  'relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold',
                  done && 'border-primary bg-primary text-primary-foreground',
                  current && 'border-primary bg-background text-primary dark:text-blue-300',
                  !done && !current && 'border-input bg-background text-muted-foreground',
                )}
              >
                {done ? <CheckIcon aria-hidden="true" className="size-4" /> : number}
              </span>
              <span className={cn('mt-2 text-xs font-medium sm:text-sm', current ? 'text-foreground' : 'text-muted-foreground')}>
                <span className="sr-only">{`Step ${number}: `}</span>
                {label}
                {done ? <span className="sr-only"> (completed)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
