import { cn } from '@web/lib/cn';
import type { PortalAnalytics } from '@core/api/portal-analytics';

const shortDate = (iso: string) => {
  const [, m, d] = iso.split('-');
  return `${Number(m)}/${Number(d)}`;
};

/** Portal lookups per day of the period: a stacked bar per day (found, and not found), with a table for screen readers. */
export function LookupsChart({ lookups }: { lookups: NonNullable<PortalAnalytics['lookups']> }) {
  const days = lookups.days;
  const max = Math.max(0, ...days.map((d) => d.lookups));
  // At most five date labels, so they fit a phone: every 2nd day for 7, every 6th for 30, every 18th for 90.
  const step = Math.max(1, Math.ceil(days.length / 5));
  const found = lookups.total - lookups.misses;
  return (
    <figure className="w-full">
      <div className="mb-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-primary" /> Found ({found.toLocaleString()})
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-rose-700 dark:bg-rose-400" /> No project found ({lookups.misses.toLocaleString()})
        </span>
        {lookups.rateLimited + lookups.invalid > 0 && (
          <span title="Too many requests, or not a valid search (for example too short or a wrong code). Not counted toward your plan.">
            Refused ({(lookups.rateLimited + lookups.invalid).toLocaleString()})
          </span>
        )}
        <span className="ml-auto" aria-hidden="true">
          Highest day: {max.toLocaleString()}
        </span>
      </div>
      <div className="flex h-40 items-end gap-[2px] border-b border-l border-border pl-0.5 sm:h-48 sm:gap-1" aria-hidden="true">
        {days.map((d) => {
          const total = max > 0 ? (d.lookups / max) * 100 : 0;
          const missShare = d.lookups > 0 ? (d.misses / d.lookups) * 100 : 0;
          return (
            <div key={d.day} className="flex h-full min-w-0 flex-1 items-end" title={`${d.day}: ${d.lookups} lookups, ${d.misses} not found`}>
              <div className="flex w-full flex-col overflow-hidden rounded-t-sm" style={{ height: `${d.lookups > 0 ? Math.max(total, 2) : 0}%` }}>
                <div className="w-full bg-rose-700 dark:bg-rose-400" style={{ height: `${missShare}%` }} />
                <div className="w-full flex-1 bg-primary" />
              </div>
            </div>
          );
        })}
      </div>
      <div className="flex h-5 gap-[2px] pl-0.5 pt-1 sm:gap-1" aria-hidden="true">
        {days.map((d, i) => (
          <div key={d.day} className="relative min-w-0 flex-1 text-[10px] text-muted-foreground sm:text-xs">
            {(days.length - 1 - i) % step === 0 ? (
              // The last label ends at the chart's right edge; the others start at their bar.
              <span className={cn('absolute top-0 z-10 whitespace-nowrap', i === days.length - 1 && days.length > 1 ? 'right-0' : 'left-0')}>{shortDate(d.day)}</span>
            ) : null}
          </div>
        ))}
      </div>
      <figcaption className="sr-only">Portal lookups per day</figcaption>
      {/* On a wrapper: a table is never narrower than its cells, so `sr-only` on the table itself would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Portal lookups per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Lookups</th>
              <th scope="col">No project found</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.lookups}</td>
                <td>{d.misses}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
