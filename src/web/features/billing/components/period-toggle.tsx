import { cn } from '@web/lib/cn';

export type BillingPeriod = 'monthly' | 'yearly';

/** Monthly or yearly billing (spec 2.4: yearly labelled 'Save 20%'). */
export function PeriodToggle({ period, onChange }: { period: BillingPeriod; onChange: (p: BillingPeriod) => void }) {
  const option = (value: BillingPeriod, label: string, extra?: string) => (
    <button
      type="button"
      aria-pressed={period === value}
      onClick={() => onChange(value)}
      className={cn(
        'inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
        period === value ? 'bg-primary text-primary-foreground shadow' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {label}
      {extra ? (
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            period === value ? 'bg-white text-blue-800' : 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
          )}
        >
          {extra}
        </span>
      ) : null}
    </button>
  );
  return (
    <div role="group" aria-label="Billing period" className="inline-flex rounded-full border border-border bg-card p-1">
      {option('monthly', 'Monthly')}
      {option('yearly', 'Yearly', 'Save 20%')}
    </div>
  );
}
