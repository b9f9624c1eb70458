import { ActivityIcon, Building2Icon, DollarSignIcon, HeartPulseIcon, InboxIcon, LayoutGridIcon, ListIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState } from '@web/components/spinner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { type AdminDashboard, useAdminDashboard } from '@web/features/admin/api/dashboard';
import { formatInt, formatMoney, formatMoney2, formatUptime, timeAgo } from '@web/features/admin/components/format';
import { StatCard } from '@web/features/admin/components/stat-card';
import { paths } from '@web/lib/paths';
import { QueryError } from './query-error';

function PlanDistribution({ d }: { d: AdminDashboard }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Plan Distribution</CardTitle>
      </CardHeader>
      <CardContent>
        {/* On a phone the share bars and the list price step aside (the share joins the count), so the figures fit. */}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm sm:min-w-[520px]">
            <thead className="text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">Plan</th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">Businesses</th>
                <th scope="col" className="py-2 pr-3 font-semibold max-sm:hidden">Share</th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">Monthly revenue</th>
                <th scope="col" className="py-2 text-right font-semibold max-sm:hidden">Price / month</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {d.plans.map((p) => (
                <tr key={p.plan}>
                  <td className="py-2.5 pr-3 font-medium">{p.name}</td>
                  <td className="py-2.5 pr-3 text-right tabular-nums">
                    {formatInt(p.businesses)}
                    <span className="text-muted-foreground sm:hidden"> ({p.percentOfTotal}%)</span>
                  </td>
                  <td className="py-2.5 pr-3 max-sm:hidden">
                    <div className="flex items-center gap-2">
                      <div className="h-2 w-24 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                        <div className="h-full rounded-full bg-primary" style={{ width: `${p.percentOfTotal}%` }} />
                      </div>
                      <span className="tabular-nums text-muted-foreground">{p.percentOfTotal}%</span>
                    </div>
                  </td>
                  <td className="py-2.5 pr-3 text-right tabular-nums">{formatMoney(p.monthlyRevenue)}</td>
                  <td className="py-2.5 text-right tabular-nums text-muted-foreground max-sm:hidden">{formatMoney(p.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-xs text-muted-foreground">Revenue counts paying (active) businesses; trials pay nothing. Enterprise is counted at {formatMoney(1997)} a month.</p>
      </CardContent>
    </Card>
  );
}

function MetricBar({ label, value, percent, note }: { label: string; value: string; percent: number | null; note?: string }) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className={percent === null ? 'text-muted-foreground' : 'font-semibold tabular-nums'}>{value}</span>
      </div>
      <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        {percent !== null ? <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} /> : null}
      </div>
      {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
    </div>
  );
}

function PlatformMetrics({ d }: { d: AdminDashboard }) {
  const m = d.metrics;
  const change = m.signupChangePercent;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Platform Metrics</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <MetricBar
          label="Sign-ups this month"
          value={change === null ? `${m.signupsThisMonth} (last month ${m.signupsLastMonth})` : `${m.signupsThisMonth} (${change > 0 ? '+' : ''}${change}% vs last month)`}
          percent={m.signupsThisMonth + m.signupsLastMonth > 0 ? (m.signupsThisMonth / Math.max(m.signupsThisMonth, m.signupsLastMonth)) * 100 : 0}
          note={change === null ? 'No sign-ups last month to compare with.' : undefined}
        />
        <MetricBar
          label="Trial-to-paid conversion"
          value={m.conversion ? `${m.conversion.rate}%` : 'Not enough data'}
          percent={m.conversion?.rate ?? null}
          note={m.conversion ? `${m.conversion.converted} of ${m.conversion.eligible} businesses past their trial pay.` : 'No trial has ended yet.'}
        />
        <MetricBar
          label="Active in the last 30 days"
          value={m.activeLast30Days ? `${m.activeLast30Days.percent}%` : 'Not enough data'}
          percent={m.activeLast30Days?.percent ?? null}
          note={m.activeLast30Days ? `${m.activeLast30Days.count} of ${d.totalBusinesses} businesses signed in.` : 'No businesses yet.'}
        />
      </CardContent>
    </Card>
  );
}

function RecentActivity({ d }: { d: AdminDashboard }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-lg">Recent Activity</CardTitle>
        <Button asChild variant="link" size="sm" className="px-0">
          <Link to={paths.admin.activity}>View all</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {d.recentActivity.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {d.recentActivity.map((a) => (
              <li key={a.id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
                <span className="min-w-0 break-words">{a.description}</span>
                <time dateTime={a.createdAt} className="shrink-0 text-xs text-muted-foreground">
                  {timeAgo(a.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** /admin/dashboard: every figure from the database, health measured (D1). */
export function AdminDashboardPage() {
  const query = useAdminDashboard();
  const d = query.data;
  return (
    <>
      <PageTitle title="Admin Dashboard" />
      <PageHeader
        title="Platform Dashboard"
        description="An overview of the businesses on the platform."
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.admin.inbox}>
                <InboxIcon aria-hidden="true" /> Inbox
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.admin.activity}>
                <ListIcon aria-hidden="true" /> Activity Log
              </Link>
            </Button>
          </>
        }
      />
      {query.isPending ? (
        <LoadingState label="Loading platform figures..." />
      ) : query.isError ? (
        <QueryError title="Could not load the dashboard" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : d ? (
        <div className="space-y-6">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              testId="total-businesses"
              icon={Building2Icon}
              label="Total Businesses"
              value={formatInt(d.totalBusinesses)}
              detail={`${d.activeBusinesses} paying (${d.activePercent}%) · ${d.trialBusinesses} in trial · ${d.unpaidBusinesses} unpaid`}
            />
            <StatCard
              testId="client-portals"
              icon={LayoutGridIcon}
              tone="purple"
              label="Client Portals"
              value={formatInt(d.portals.total)}
              detail={
                d.portals.averagePerActiveBusiness === null
                  ? 'No active businesses to average over'
                  : `${d.portals.averagePerActiveBusiness.toFixed(1)} per active business`
              }
            />
            <StatCard
              testId="monthly-revenue"
              icon={DollarSignIcon}
              tone="green"
              label="Monthly Revenue"
              value={formatMoney(d.revenue.monthly)}
              detail={d.revenue.perClient === null ? 'No paying businesses yet' : `${formatMoney2(d.revenue.perClient)} per paying business`}
            />
            <StatCard
              testId="system-health"
              icon={d.health.database.ok ? HeartPulseIcon : ActivityIcon}
              tone={d.health.database.ok ? 'green' : 'amber'}
              label="System Health"
              value={d.health.database.ok ? 'Healthy' : 'Database unreachable'}
              detail={
                <>
                  Up {formatUptime(d.health.uptimeSeconds)} · database {d.health.database.ok ? `${d.health.database.latencyMs} ms` : 'down'}
                  <br />
                  {d.health.medianResponseMs === null
                    ? 'No API requests timed in the last hour'
                    : `Median API response ${d.health.medianResponseMs} ms (last hour, ${formatInt(d.health.requestsLastHour)} requests)`}
                </>
              }
            />
          </div>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <PlanDistribution d={d} />
            </div>
            <PlatformMetrics d={d} />
          </div>
          <RecentActivity d={d} />
        </div>
      ) : null}
    </>
  );
}
