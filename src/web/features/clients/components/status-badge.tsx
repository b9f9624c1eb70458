import { statusBadge, type StatusTone } from '@core/status';
import { Badge } from '@web/components/ui/badge';

const variantOf: Record<StatusTone, 'success' | 'info' | 'warning' | 'purple' | 'secondary'> = {
  green: 'success',
  blue: 'info',
  yellow: 'warning',
  purple: 'purple',
  grey: 'secondary',
};

/** The status badge of the app's lists (spec 4: green complete, blue progress, yellow pending, purple review, grey). */
export function ClientStatusBadge({ status }: { status: string }) {
  const badge = statusBadge(status);
  return <Badge variant={variantOf[badge.tone]}>{badge.label}</Badge>;
}

/** Bar and dot colours by tone, for breakdowns. */
export const toneColour: Record<StatusTone, string> = {
  green: 'bg-green-600 dark:bg-green-500',
  blue: 'bg-blue-600 dark:bg-blue-500',
  yellow: 'bg-amber-500 dark:bg-amber-400',
  purple: 'bg-purple-600 dark:bg-purple-500',
  grey: 'bg-slate-400 dark:bg-slate-500',
};
