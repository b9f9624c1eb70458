import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';

/** One headline figure: label, value, a line of detail and an optional change. */
export function StatCard({
  icon: Icon,
  label,
  value,
  detail,
  change,
  tone = 'blue',
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  change?: ReactNode;
  tone?: 'blue' | 'green' | 'purple' | 'amber';
  testId?: string;
}) {
  const tones = {
    blue: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300',
    green: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300',
    purple: 'bg-purple-100 text-purple-700 dark:bg-purple-950 dark:text-purple-300',
    amber: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  };
  return (
    <Card className="p-5" data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums tracking-tight" data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </p>
        </div>
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tones[tone])}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      {detail ? <p className="mt-2 text-sm text-muted-foreground">{detail}</p> : null}
      {change ? <div className="mt-2 text-sm">{change}</div> : null}
    </Card>
  );
}

/** "+12.5% vs previous period", green up, red down (inverted for figures where up is bad). */
export function ChangeText({ current, previous, suffix = 'vs previous period', invert = false }: { current: number | null; previous: number | null; suffix?: string; invert?: boolean }) {
  if (current === null || previous === null) return <span className="text-muted-foreground">Not enough data {suffix}</span>;
  if (previous === 0) {
    return <span className="text-muted-foreground">{current === 0 ? `No change ${suffix}` : `New ${suffix} (was 0)`}</span>;
  }
  const pct = Math.round(((current - previous) / previous) * 1000) / 10;
  const good = invert ? pct < 0 : pct > 0;
  const color = pct === 0 ? 'text-muted-foreground' : good ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400';
  return (
    <span className={color}>
      {pct > 0 ? '+' : ''}
      {pct}% {suffix}
    </span>
  );
}
