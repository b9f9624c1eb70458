import { statusTone, type StatusTone } from '@core/status';
import { Badge } from '@web/components/ui/badge';
import { toneColour } from '@web/features/clients/components/status-badge';
import type { PortalAnalytics } from '@core/api/portal-analytics';

const badgeVariant: Record<StatusTone, 'success' | 'info' | 'warning' | 'purple' | 'secondary'> = {
  green: 'success',
  blue: 'info',
  yellow: 'warning',
  purple: 'purple',
  grey: 'secondary',
};

/** Each status of the period's clients: its badge (core's colours), count, percent and a bar. */
export function StatusBreakdown({ rows }: { rows: PortalAnalytics['statusBreakdown'] }) {
  return (
    <ul className="space-y-4" aria-label="Clients by status">
      {rows.map((s) => {
        const tone = statusTone(s.status);
        return (
          <li key={s.status} className="space-y-1.5">
            <div className="flex items-center justify-between gap-3 text-sm">
              <Badge variant={badgeVariant[tone]} className="max-w-[60%] truncate capitalize">
                {s.status}
              </Badge>
              <span className="tabular-nums text-muted-foreground">
                <span className="font-semibold text-foreground">{s.count.toLocaleString()}</span> ({s.percent}%)
              </span>
            </div>
            <div className="h-2 overflow-hidden rounded-full bg-muted" role="presentation">
              <div className={`h-full rounded-full ${toneColour[tone]}`} style={{ width: `${s.percent}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
