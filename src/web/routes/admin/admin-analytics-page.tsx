import { Building2Icon, DollarSignIcon, DownloadIcon, FilterIcon, TrendingDownIcon } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState } from '@web/components/spinner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { type AdminAnalytics, type AnalyticsMetric, type AnalyticsPeriod, analyticsExportUrl, type DayFigures, useAdminAnalytics } from '@web/features/admin/api/analytics';
import { BarChart } from '@web/features/admin/components/bar-chart';
import { CardLabel } from '@web/features/admin/components/card-label';
import { formatInt, formatMoney, formatMoney2 } from '@web/features/admin/components/format';
import { ChangeText, StatCard } from '@web/features/admin/components/stat-card';
import { cn } from '@web/lib/cn';
import { QueryError } from './query-error';

const periods: AnalyticsPeriod[] = [7, 30, 90];

type Series = 'signups' | 'revenue' | 'activeUsers' | 'churn' | 'portals';
const seriesInfo: Record<Series, { label: string; metric?: AnalyticsMetric; format: (n: number) => string; pick: (d: DayFigures) => number; additive: boolean }> = {
  signups: { label: 'Signups', metric: 'signups', format: formatInt, pick: (d) => d.signups, additive: true },
  revenue: { label: 'Revenue', metric: 'revenue', format: formatMoney2, pick: (d) => d.revenue, additive: true },
  activeUsers: { label: 'Active Users', metric: 'activeUsers', format: formatInt, pick: (d) => d.activeUsers, additive: false },
  churn: { label: 'Churn', metric: 'churn', format: (n) => `${n}%`, pick: (d) => d.churn, additive: false },
  portals: { label: 'Portals', format: formatInt, pick: (d) => d.portals, additive: false },
};

const filterLabels: Record<AnalyticsMetric, string> = { revenue: 'Revenue', signups: 'Signups', churn: 'Churn Rate', activeUsers: 'Active Users' };
const allMetrics: AnalyticsMetric[] = ['revenue', 'signups', 'churn', 'activeUsers'];

function pctChange(c: number | null, p: number | null): string {
  if (c === null || p === null) return '—';
  if (p === 0) return c === 0 ? '0%' : '—';
  const v = Math.round(((c - p) / p) * 1000) / 10;
  return `${v > 0 ? '+' : ''}${v}%`;
}

const metricCell = 'tabular-nums max-md:block md:py-2.5 md:text-right';

function MetricsTable({ a, shown }: { a: AdminAnalytics; shown: Set<AnalyticsMetric> }) {
  const c = a.current;
  const p = a.previous;
  const rows: { metric?: AnalyticsMetric; label: string; cur: number | null; prev: number | null; fmt: (n: number) => string }[] = [
    { metric: 'revenue', label: 'Revenue', cur: c.revenue, prev: p.revenue, fmt: formatMoney2 },
    { metric: 'revenue', label: 'Monthly recurring revenue', cur: c.mrr, prev: p.mrr, fmt: formatMoney },
    { metric: 'revenue', label: 'Average revenue per paying business', cur: c.arpu, prev: p.arpu, fmt: formatMoney2 },
    { metric: 'activeUsers', label: 'Active (paying) businesses', cur: c.activeBusinesses, prev: p.activeBusinesses, fmt: formatInt },
    { metric: 'activeUsers', label: 'Businesses signed in', cur: c.activeUsers, prev: p.activeUsers, fmt: formatInt },
    { metric: 'churn', label: 'Churn rate', cur: c.churnRate, prev: p.churnRate, fmt: (n) => `${n}%` },
    { metric: 'signups', label: 'Signups', cur: c.signups, prev: p.signups, fmt: formatInt },
    { metric: 'signups', label: 'Trial-to-paid conversion', cur: c.conversionRate, prev: p.conversionRate, fmt: (n) => `${n}%` },
    { label: 'Client portals', cur: c.portals, prev: p.portals, fmt: formatInt },
  ];
  return (
    // On a phone each metric is a card (its figures labelled), from `md` up a table.
    <div className="md:overflow-x-auto">
      <table className="w-full text-left text-sm max-md:block md:min-w-[520px]" data-testid="metrics-table">
        <thead className="text-xs uppercase tracking-wide text-muted-foreground max-md:sr-only">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">Metric</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">Current</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">Previous</th>
            <th scope="col" className="py-2 text-right font-semibold">Change</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border max-md:block">
          {rows
            .filter((r) => !r.metric || shown.has(r.metric))
            .map((r) => (
              <tr key={r.label} className="max-md:flex max-md:flex-wrap max-md:gap-x-4 max-md:gap-y-1 max-md:py-2.5">
                <th scope="row" className="font-medium max-md:block max-md:w-full md:py-2.5 md:pr-3">{r.label}</th>
                <td className={cn(metricCell, 'md:pr-3')}>
                  <CardLabel>Current</CardLabel> {r.cur === null ? '—' : r.fmt(r.cur)}
                </td>
                <td className={cn(metricCell, 'text-muted-foreground md:pr-3')}>
                  <CardLabel>Previous</CardLabel> {r.prev === null ? '—' : r.fmt(r.prev)}
                </td>
                <td className={metricCell}>
                  <CardLabel>Change</CardLabel> {pctChange(r.cur, r.prev)}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/analytics: figures for 7, 30 or 90 days from the database, with Export Report (CSV). */
export function AdminAnalyticsPage() {
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const [series, setSeries] = useState<Series>('signups');
  const [shown, setShown] = useState<Set<AnalyticsMetric>>(new Set(allMetrics));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const query = useAdminAnalytics(days);
  const a = query.data;
  const toggle = (m: AnalyticsMetric, on: boolean) =>
    setShown((old) => {
      const next = new Set(old);
      if (on) next.add(m);
      else next.delete(m);
      return next;
    });
  const chartOptions = (Object.keys(seriesInfo) as Series[]).filter((s) => {
    const m = seriesInfo[s].metric;
    return !m || shown.has(m);
  });
  const activeSeries = chartOptions.includes(series) ? series : (chartOptions[0] ?? 'portals');
  const info = seriesInfo[activeSeries];

  return (
    <>
      <PageTitle title="Platform Analytics" />
      <PageHeader
        title="Platform Analytics"
        description={a ? `${a.from} to ${a.to} (UTC), against the ${days} days before.` : 'Signups, revenue, active users and churn over time.'}
        actions={
          <>
            <div role="group" aria-label="Period" className="inline-flex rounded-md border border-input p-0.5">
              {periods.map((p) => (
                <button
                  key={p}
                  type="button"
                  aria-pressed={days === p}
                  onClick={() => setDays(p)}
                  className={cn('rounded px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring', days === p ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted')}
                >
                  {p} days
                </button>
              ))}
            </div>
            <Button variant="outline" size="sm" aria-expanded={filtersOpen} aria-controls="analytics-filters" onClick={() => setFiltersOpen((o) => !o)}>
              <FilterIcon aria-hidden="true" /> Filters
            </Button>
            <Button asChild size="sm">
              <a href={analyticsExportUrl(days, [...shown])} download>
                <DownloadIcon aria-hidden="true" /> Export Report
              </a>
            </Button>
          </>
        }
      />
      {filtersOpen ? (
        <Card id="analytics-filters" className="mb-6 p-4">
          <fieldset>
            <legend className="mb-3 text-sm font-semibold">Show metrics</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-3">
              {allMetrics.map((m) => (
                <div key={m} className="flex items-center gap-2">
                  <Checkbox id={`filter-${m}`} checked={shown.has(m)} onCheckedChange={(v) => toggle(m, v === true)} />
                  <Label htmlFor={`filter-${m}`}>{filterLabels[m]}</Label>
                </div>
              ))}
            </div>
            <p className="mt-3 text-xs text-muted-foreground">The chart, the table and Export Report show the metrics chosen here.</p>
          </fieldset>
        </Card>
      ) : null}

      {query.isPending ? (
        <LoadingState label="Computing analytics..." />
      ) : query.isError ? (
        <QueryError title="Could not load analytics" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : a ? (
        <div className={cn('space-y-6', query.isFetching && 'opacity-70 transition-opacity')}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {shown.has('revenue') ? (
              <>
                <StatCard testId="card-revenue" icon={DollarSignIcon} tone="green" label={`Revenue (${days} days)`} value={formatMoney2(a.current.revenue)} change={<ChangeText current={a.current.revenue} previous={a.previous.revenue} />} />
                <StatCard testId="card-mrr" icon={DollarSignIcon} tone="blue" label="Monthly Recurring Revenue" value={formatMoney(a.current.mrr)} change={<ChangeText current={a.current.mrr} previous={a.previous.mrr} />} />
              </>
            ) : null}
            {shown.has('activeUsers') ? (
              <StatCard testId="card-active" icon={Building2Icon} tone="purple" label="Active Businesses" value={formatInt(a.current.activeBusinesses)} detail={`${a.current.activeUsers} signed in during the period`} change={<ChangeText current={a.current.activeBusinesses} previous={a.previous.activeBusinesses} />} />
            ) : null}
            {shown.has('churn') ? (
              <StatCard testId="card-churn" icon={TrendingDownIcon} tone="amber" label="Churn Rate" value={a.current.churnRate === null ? 'Not enough data' : `${a.current.churnRate}%`} detail={`${a.current.churned} businesses lost`} change={<ChangeText current={a.current.churnRate} previous={a.previous.churnRate} invert />} />
            ) : null}
          </div>

          <Card>
            <CardHeader className="flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <CardTitle className="text-lg">{info.label} by day</CardTitle>
              <div role="group" aria-label="Chart" className="flex flex-wrap gap-1">
                {chartOptions.map((s) => (
                  <button
                    key={s}
                    type="button"
                    aria-pressed={activeSeries === s}
                    onClick={() => setSeries(s)}
                    className={cn('rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring', activeSeries === s ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted')}
                  >
                    {seriesInfo[s].label}
                  </button>
                ))}
              </div>
            </CardHeader>
            <CardContent>
              <BarChart showTotal={info.additive} label={`${info.label} per day, ${a.from} to ${a.to}`} data={a.series.map((d) => ({ date: d.date, value: info.pick(d) }))} format={info.format} />
              <p className="mt-3 text-xs text-muted-foreground">
                Revenue per day is the day&apos;s share (1/30) of monthly recurring revenue. Days before daily figures were stored are rebuilt from today&apos;s businesses.
              </p>
            </CardContent>
          </Card>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Plan Distribution</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="space-y-3">
                  {a.plans.map((p) => (
                    <li key={p.plan}>
                      <div className="flex items-baseline justify-between gap-2 text-sm">
                        <span className="font-medium">{p.name}</span>
                        <span className="tabular-nums text-muted-foreground">
                          {p.businesses} ({p.percentOfTotal}%) · {formatMoney(p.monthlyRevenue)}/mo
                        </span>
                      </div>
                      <div className="mt-1 h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                        <div className="h-full rounded-full bg-primary" style={{ width: `${p.percentOfTotal}%` }} />
                      </div>
                    </li>
                  ))}
                </ul>
                <p className="mt-4 border-t border-border pt-3 text-sm">
                  Average revenue per paying business: <strong className="tabular-nums">{a.arpu === null ? 'not enough data' : formatMoney2(a.arpu)}</strong>
                </p>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Conversion</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid grid-cols-2 gap-4 text-sm">
                  <div>
                    <dt className="text-muted-foreground">Signed up in the period, still on file</dt>
                    <dd className="text-xl font-semibold tabular-nums">{a.conversion.signups}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Of them paying now</dt>
                    <dd className="text-xl font-semibold tabular-nums">{a.conversion.converted}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Of them still in trial</dt>
                    <dd className="text-xl font-semibold tabular-nums">{a.conversion.inTrial}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Period cohort conversion</dt>
                    <dd className="text-xl font-semibold tabular-nums">{a.conversion.rate === null ? 'Not enough data' : `${a.conversion.rate}%`}</dd>
                  </div>
                </dl>
                <p className="mt-4 border-t border-border pt-3 text-sm">
                  Trial-to-paid overall:{' '}
                  <strong>{a.conversion.overall ? `${a.conversion.overall.rate}% (${a.conversion.overall.converted} of ${a.conversion.overall.eligible})` : 'not enough data'}</strong>
                </p>
              </CardContent>
            </Card>
          </div>

          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Detailed Metrics</CardTitle>
            </CardHeader>
            <CardContent>
              <MetricsTable a={a} shown={shown} />
            </CardContent>
          </Card>
        </div>
      ) : null}
    </>
  );
}
