import { cn } from '@web/lib/cn';
import { analyticsPeriods, type AnalyticsPeriod } from '@core/api/portal-analytics';

/** 7, 30 or 90 days: a row of toggle buttons (aria-pressed). */
export function PeriodSelector({ value, onChange, disabled }: { value: AnalyticsPeriod; onChange: (days: AnalyticsPeriod) => void; disabled?: boolean }) {
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-md border border-input bg-background p-0.5">
      {analyticsPeriods.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={value === p}
          disabled={disabled}
          onClick={() => onChange(p)}
          className={cn(
            'rounded px-3 py-1.5 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed',
            value === p ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
          )}
        >
          {p} days
        </button>
      ))}
    </div>
  );
}
