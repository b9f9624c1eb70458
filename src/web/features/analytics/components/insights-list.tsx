import { AlertTriangleIcon, CheckCircle2Icon, InfoIcon, LightbulbIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';
import type { Insight, InsightTone } from '../lib/insights';

const toneStyle: Record<InsightTone, { box: string; icon: typeof InfoIcon; iconClass: string }> = {
  warning: { box: 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/60', icon: AlertTriangleIcon, iconClass: 'text-amber-700 dark:text-amber-300' },
  info: { box: 'border-blue-200 bg-blue-50 dark:border-blue-900 dark:bg-blue-950/60', icon: InfoIcon, iconClass: 'text-blue-700 dark:text-blue-300' },
  success: { box: 'border-green-200 bg-green-50 dark:border-green-900 dark:bg-green-950/60', icon: CheckCircle2Icon, iconClass: 'text-green-700 dark:text-green-300' },
  neutral: { box: 'border-border bg-muted/50', icon: LightbulbIcon, iconClass: 'text-muted-foreground' },
};

/** The Project Insights cards. */
export function InsightsList({ insights }: { insights: Insight[] }) {
  if (insights.length === 0) return <p className="text-sm text-muted-foreground">No insights for this period yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Project insights">
      {insights.map((i) => {
        const style = toneStyle[i.tone];
        const Icon = style.icon;
        return (
          <li key={i.id} className={cn('flex gap-3 rounded-lg border p-3', style.box)} data-testid={`insight-${i.id}`}>
            <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', style.iconClass)} />
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-foreground">{i.title}</p>
              <p className="text-foreground/80">{i.text}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
