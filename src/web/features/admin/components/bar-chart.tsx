import { cn } from '@web/lib/cn';

export interface BarDatum {
  date: string;
  value: number;
}

const shortDate = (iso: string) => {
  const [, m, d] = iso.split('-');
  return `${Number(m)}/${Number(d)}`;
};

/**
 * A bar chart of daily values in plain SVG-free markup (divs): one bar per day, every 4th date labelled (spec),
 * values in each bar's title and in a visually hidden table for screen readers.
 */
export function BarChart({ data, format, label, className, showTotal = true }: { data: BarDatum[]; format: (n: number) => string; label: string; className?: string; showTotal?: boolean }) {
  const max = Math.max(0, ...data.map((d) => d.value));
  return (
    <figure className={cn('w-full', className)}>
      <div className="mb-1 flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>Highest: {format(max)}</span>
        {showTotal ? <span>Total: {format(Math.round(data.reduce((s, d) => s + d.value, 0) * 100) / 100)}</span> : null}
      </div>
      <div className="flex h-56 items-end gap-[2px] border-b border-l border-border pl-1 sm:gap-1" aria-hidden="true">
        {data.map((d) => {
          const pct = max > 0 ? (d.value / max) * 100 : 0;
          return (
            <div key={d.date} className="group relative flex h-full min-w-0 flex-1 items-end" title={`${d.date}: ${format(d.value)}`}>
              <div
                className="w-full rounded-t-sm bg-primary/80 transition-colors group-hover:bg-primary"
                style={{ height: `${d.value > 0 ? Math.max(pct, 1.5) : 0}%` }}
              />
            </div>
          );
        })}
      </div>
      <div className="flex gap-[2px] pl-1 pt-1 sm:gap-1" aria-hidden="true">
        {data.map((d, i) => (
          <div key={d.date} className="min-w-0 flex-1 overflow-visible whitespace-nowrap text-[10px] text-muted-foreground sm:text-xs">
            {i % 4 === 0 ? shortDate(d.date) : ''}
          </div>
        ))}
      </div>
      <figcaption className="sr-only">{label}</figcaption>
      {/* On a wrapper: a table is never narrower than its cells, so `sr-only` on the table itself would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          <tbody>
            {data.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td>{format(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
