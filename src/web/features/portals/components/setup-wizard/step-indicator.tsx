import { CheckIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';
import type { WizardStep } from '../../lib/setup-wizard';

const STEPS: { step: WizardStep; label: string }[] = [
  { step: 1, label: 'Choose Method' },
  { step: 2, label: 'Connect Sheet' },
  { step: 3, label: 'Map Columns' },
  { step: 4, label: 'Complete' },
];

/**
 * The wizard's four steps (spec 2.15); step 2 reads 'Get Template' for the template method, which skips step 3
 * (the template's columns are known): that step is shown as skipped, not as done.
 */
export function StepIndicator({ current, templateMethod }: { current: WizardStep; templateMethod: boolean }) {
  return (
    <ol className="grid grid-cols-4 gap-2" aria-label="Set-up steps">
      {STEPS.map(({ step, label }) => {
        const skipped = templateMethod && step === 3;
        const done = step < current && !skipped;
        const active = step === current;
        const text = step === 2 && templateMethod ? 'Get Template' : label;
        return (
          <li key={step} className="flex flex-col items-center gap-1 text-center" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-8 items-center justify-center rounded-full border text-sm font-semibold',
                done && 'border-primary bg-primary text-primary-foreground',
                active && 'border-primary text-link',
                !done && !active && 'border-border text-muted-foreground',
                skipped && 'border-dashed',
              )}
            >
              {done ? <CheckIcon aria-hidden="true" className="size-4" /> : skipped ? <span aria-hidden="true">–</span> : step}
            </span>
            <span className={cn('text-xs leading-tight sm:text-sm', active ? 'font-semibold' : 'text-muted-foreground', skipped && 'line-through')}>
              {text}
              <span className="sr-only">{done ? ' (done)' : active ? ' (current)' : skipped ? ' (not needed with the template)' : ''}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
