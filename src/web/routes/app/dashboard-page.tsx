import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NotificationSummaryCard } from '@web/features/notifications/components/notification-summary-card';
import { BarChart3Icon, CheckCircle2Icon, ClockIcon, GaugeIcon, LoaderIcon, PaletteIcon, RefreshCwIcon, SheetIcon, UsersIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { statusTone } from '@core/status';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState, Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { displayName } from '@web/features/auth/api/me';
import { useMe } from '@web/features/auth/api/use-me';
import { toneColour } from '@web/features/clients/components/status-badge';
import { UnreadUpdatesCard } from '@web/features/clients/components/unread-updates-card';
import { dashboardQueryOptions, syncPortal, type StatusClass } from '@web/features/dashboard/api/dashboard';
import { SyncProblemNotice } from '@web/features/portals/components/sync-problem-notice';
import { appPortalsQueryKey, useCurrentPortal } from '@web/features/dashboard/api/portals';
import { updatedLabel } from '@web/features/dashboard/lib/relative-time';
import { useBusinessTimeZone } from '@web/features/auth/api/use-me';
import { errorMessage } from '@web/lib/api-client';
import { paths } from '@web/lib/paths';

/** /app, /app/dashboard and unknown /app paths (spec 2.15). */
export function DashboardPage() {
  const me = useMe();
  const name = displayName(me.data, '');
  const current = useCurrentPortal();
  const portal = current.portal;

  let body: ReactNode;
  if (current.query.isPending) body = <LoadingState label="Loading your dashboard..." />;
  else if (current.query.isError) body = <LoadError title="Could not load your data" error={current.query.error} onRetry={() => current.query.refetch()} />;
  else if (!portal || !current.hasSource) body = <ConnectSheet />;
  else
    body = (
      <>
        <SyncProblemNotice portal={portal} />
        <DashboardFigures portalId={portal.portalId} isSheet={portal.source.type === 'google_sheet'} />
      </>
    );

  return (
    <>
      <PageTitle title="Dashboard" />
      <PageHeader title="Dashboard" description={name ? `Welcome, ${name}.` : 'Welcome.'} />
      {body}
    </>
  );
}

function ConnectSheet() {
  return (
    <EmptyState
      icon={SheetIcon}
      title="Connect Your Google Sheet"
      description="Your client totals, status breakdown and recent activity will appear here once your client sheet is connected. No data source is connected yet."
    >
      <Button asChild>
        <Link to={paths.app.sheetsSetup}>Setup</Link>
      </Button>
    </EmptyState>
  );
}

/** Re-renders every 30 s so 'Nm ago' moves on. */
function useNow(intervalMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

const dotColour: Record<StatusClass, string> = {
  completed: 'bg-green-600 dark:bg-green-500',
  'in-progress': 'bg-blue-600 dark:bg-blue-500',
  pending: 'bg-amber-500 dark:bg-amber-400',
  cancelled: 'bg-slate-400 dark:bg-slate-500',
  other: 'bg-slate-400 dark:bg-slate-500',
};

function DashboardFigures({ portalId, isSheet }: { portalId: string; isSheet: boolean }) {
  const queryClient = useQueryClient();
  const dashboard = useQuery(dashboardQueryOptions(portalId));
  const now = useNow();
  const timeZone = useBusinessTimeZone();
  const refresh = useMutation({
    mutationFn: async () => {
      // A sheet is fetched again first; an uploaded CSV only re-reads what is stored.
      if (isSheet) await syncPortal(portalId);
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['app', 'portal', portalId] }),
        queryClient.invalidateQueries({ queryKey: appPortalsQueryKey }),
      ]);
    },
  });

  if (dashboard.isPending) return <LoadingState label="Loading your figures..." />;
  if (dashboard.isError) return <LoadError title="Could not load your data" error={dashboard.error} onRetry={() => dashboard.refetch()} />;
  const d = dashboard.data;
  const busy = refresh.isPending || dashboard.isFetching;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" data-testid="dashboard-updated">
          Updated: <span className="font-medium text-foreground">{updatedLabel(d.lastUpdated, timeZone, now)}</span>
        </p>
        <Button variant="outline" size="sm" onClick={() => refresh.mutate()} disabled={busy}>
          {busy ? <Spinner /> : <RefreshCwIcon aria-hidden="true" />} Refresh
        </Button>
      </div>
      {refresh.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(refresh.error)}</AlertDescription>
        </Alert>
      ) : null}

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Tile label="Total Clients" value={d.totalClients} icon={<UsersIcon aria-hidden="true" className="size-5 text-primary" />} />
        <Tile label="Completed" value={d.completed} icon={<CheckCircle2Icon aria-hidden="true" className="size-5 text-green-600 dark:text-green-400" />} />
        <Tile label="In Progress" value={d.inProgress} icon={<LoaderIcon aria-hidden="true" className="size-5 text-blue-600 dark:text-blue-400" />} />
        <Tile label="Pending" value={d.pending} icon={<ClockIcon aria-hidden="true" className="size-5 text-amber-600 dark:text-amber-400" />} />
      </div>

      {d.totalClients === 0 ? (
        <EmptyState icon={UsersIcon} title="No Clients Found" description="Your data source has no client rows yet. Add rows to your sheet, then press Refresh." />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Status Breakdown</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3" aria-label="Clients by status">
                {d.statusBreakdown.map((s) => (
                  <li key={s.status} className="flex items-center gap-3 text-sm">
                    <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${toneColour[statusTone(s.status)]}`} />
                    <span className="min-w-0 flex-1 truncate capitalize">{s.status}</span>
                    <span className="font-semibold tabular-nums">{s.count}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Recent Activity</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y divide-border" aria-label="Latest clients">
                {d.recent.map((c) => (
                  <li key={c.clientId} className="flex items-center gap-3 py-2.5 text-sm">
                    <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${dotColour[c.statusClass]}`} />
                    <div className="min-w-0 flex-1">
                      <Link to={paths.app.client(c.clientId)} className="block truncate font-medium hover:underline">
                        {c.name}
                      </Link>
                      <p className="truncate text-muted-foreground">{c.status || 'Unknown'}</p>
                    </div>
                    <time dateTime={c.updatedAt} className="shrink-0 text-xs text-muted-foreground">
                      {updatedLabel(c.updatedAt, timeZone, now)}
                    </time>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      )}

      <UnreadUpdatesCard portalId={portalId} />
      <NotificationSummaryCard />
      <Card>
        <CardHeader>
          <CardTitle>Quick Actions</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <QuickAction to={paths.app.portals} icon={<UsersIcon aria-hidden="true" />} label="Manage Clients" />
          <QuickAction to={paths.app.configurator} icon={<PaletteIcon aria-hidden="true" />} label="Customize Portal" />
          <QuickAction to={paths.app.analytics} icon={<BarChart3Icon aria-hidden="true" />} label="View Analytics" />
          <QuickAction to={paths.app.workload} icon={<GaugeIcon aria-hidden="true" />} label="Workload Settings" />
        </CardContent>
      </Card>
    </div>
  );
}

function Tile({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{label}</p>
        {icon}
      </div>
      <p className="mt-2 text-2xl font-bold tabular-nums sm:text-3xl" data-testid={`tile-${label}`}>
        {value.toLocaleString()}
      </p>
    </Card>
  );
}

function QuickAction({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Button asChild variant="outline" className="justify-start">
      <Link to={to}>
        {icon} {label}
      </Link>
    </Button>
  );
}
