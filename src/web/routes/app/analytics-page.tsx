import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, BarChart3Icon, CheckCircle2Icon, ClockIcon, LoaderIcon, TimerIcon, UsersIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import type { AnalyticsPeriod, PortalAnalytics } from '@core/api/portal-analytics';
import { planAllows } from '@core/plan-features';
import { useBusinessPlan } from '@web/features/billing/api/use-business-plan';
import { isPlanFeatureError, PlanFeatureNotice, UpgradeCard } from '@web/features/billing/components/upgrade-card';
import { analyticsQueryOptions } from '@web/features/analytics/api/analytics';
import { EstimateAccuracyCard } from '@web/features/analytics/components/estimate-accuracy-card';
import { InsightsList } from '@web/features/analytics/components/insights-list';
import { LookupsChart } from '@web/features/analytics/components/lookups-chart';
import { PeriodSelector } from '@web/features/analytics/components/period-selector';
import { StatusBreakdown } from '@web/features/analytics/components/status-breakdown';
import { formatDays, projectInsights } from '@web/features/analytics/lib/insights';
import { useCurrentPortal } from '@web/features/dashboard/api/portals';
import { portalQueryOptions } from '@web/features/portals/api/portal';
import { SourceCard } from '@web/features/portals/components/source-card';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';
import { ConnectSheetButton } from './connect-sheet-button';

/** /app/analytics (spec 2.15; D1: the period filters the figures, Avg. Time comes from the status history). */
export function AnalyticsPage() {
  const current = useCurrentPortal();
  const portal = current.portal;
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const plan = useBusinessPlan();
  // A plan without portal analytics sees what the upgrade adds, not an error (D12).
  const included = plan === undefined || planAllows(plan, 'analytics');
  const ready = Boolean(portal && current.hasSource && included);

  let body: ReactNode;
  if (plan && !included) body = <UpgradeCard feature="analytics" plan={plan} />;
  else if (current.query.isPending) body = <LoadingState label="Loading your analytics..." />;
  else if (current.query.isError) body = <LoadError title="Could not load your analytics" error={current.query.error} onRetry={() => current.query.refetch()} />;
  else if (!portal || !current.hasSource) {
    body = (
      <EmptyState
        icon={BarChart3Icon}
        title="Connect Google Sheets First"
        description="Completion rate, time to complete, status breakdown and portal lookups appear here once your client sheet is connected. No data source is connected yet."
      >
        <ConnectSheetButton />
      </EmptyState>
    );
  } else body = <AnalyticsFigures key={portal.portalId} portalId={portal.portalId} days={days} />;

  return (
    <>
      <PageTitle title="Analytics" />
      <PageHeader
        title="Analytics"
        description="How your client projects are progressing."
        actions={ready ? <PeriodSelector value={days} onChange={setDays} /> : undefined}
      />
      {body}
    </>
  );
}

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** 'Nov 22, 2026' for a 'YYYY-MM-DD' day (no time zone shift: the day is already the business's). */
const formatDay = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return dayFormat.format(new Date(Date.UTC(y!, m! - 1, d!)));
};

function AnalyticsFigures({ portalId, days }: { portalId: string; days: AnalyticsPeriod }) {
  const analytics = useQuery(analyticsQueryOptions(portalId, days));
  const plan = useBusinessPlan();
  if (analytics.isPending) return <LoadingState label="Loading your analytics..." />;
  if (analytics.isError && !analytics.data && isPlanFeatureError(analytics.error)) return <PlanFeatureNotice error={analytics.error} />;
  if (analytics.isError && !analytics.data) return <LoadError title="Could not load your analytics" error={analytics.error} onRetry={() => analytics.refetch()} />;
  const a = analytics.data;
  // The previous period's figures stay on screen, dimmed, until the new ones arrive.
  const stale = analytics.isPlaceholderData;

  return (
    <div className="space-y-6">
      <div aria-live="polite" className="sr-only">
        {stale ? `Loading the last ${days} days...` : `Showing the last ${a.days} days.`}
      </div>
      {analytics.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(analytics.error)}</AlertDescription>
        </Alert>
      ) : null}
      <div className={cn('space-y-6 transition-opacity', stale && 'opacity-60')} aria-busy={stale || undefined} data-testid="analytics-figures" data-days={a.days}>
        <PeriodNote a={a} />

        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Tile label="Total Clients" value={a.totalClients.toLocaleString()} icon={<UsersIcon aria-hidden="true" className="size-5 text-primary" />} />
          <Tile
            label="Completion Rate"
            value={`${a.completionRate}%`}
            detail={`${a.completed.toLocaleString()} completed`}
            icon={<CheckCircle2Icon aria-hidden="true" className="size-5 text-green-600 dark:text-green-400" />}
          />
          <Tile label="In Progress" value={a.inProgress.toLocaleString()} icon={<LoaderIcon aria-hidden="true" className="size-5 text-blue-600 dark:text-blue-400" />} />
          {a.level === 'full' ? (
            <Tile
              label="Avg. Time"
              value={a.avgDaysToComplete === null ? 'Not enough data' : formatDays(a.avgDaysToComplete)}
              small={a.avgDaysToComplete === null}
              detail={
                a.avgDaysToComplete === null
                  ? 'No status change to completed recorded in this period'
                  : `From first seen to completed, over ${a.completionsMeasured.toLocaleString()} ${a.completionsMeasured === 1 ? 'project' : 'projects'}`
              }
              icon={<TimerIcon aria-hidden="true" className="size-5 text-purple-600 dark:text-purple-400" />}
            />
          ) : (
            <Tile label="Pending" value={a.pending.toLocaleString()} icon={<ClockIcon aria-hidden="true" className="size-5 text-amber-600 dark:text-amber-400" />} />
          )}
        </div>

        {a.totalClients === 0 ? (
          <EmptyState icon={UsersIcon} title="No Clients in This Period" description="No client was open or completed in these days. Choose a longer period, or add rows to your sheet." />
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Status Breakdown</CardTitle>
                <CardDescription>Share of the period&apos;s {a.totalClients.toLocaleString()} clients by their current status.</CardDescription>
              </CardHeader>
              <CardContent>
                <StatusBreakdown rows={a.statusBreakdown} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Project Insights</CardTitle>
              </CardHeader>
              <CardContent>
                <InsightsList insights={projectInsights(a)} />
              </CardContent>
            </Card>
          </div>
        )}

        <EstimateAccuracyCard portalId={portalId} days={days} />

        {a.lookups ? (
          <Card>
            <CardHeader>
              <CardTitle>Portal Lookups</CardTitle>
              <CardDescription>
                Searches your clients made on your portal each day: <span className="font-medium text-foreground" data-testid="lookups-total">{a.lookups.total.toLocaleString()}</span>{' '}
                in this period.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <LookupsChart lookups={a.lookups} />
            </CardContent>
          </Card>
        ) : plan ? (
          <UpgradeCard feature="fullAnalytics" plan={plan} />
        ) : null}
      </div>

      <DataSource portalId={portalId} />

      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to={paths.app.dashboard}>
            <ArrowLeftIcon aria-hidden="true" /> Back to Dashboard
          </Link>
        </Button>
        <Button asChild>
          <Link to={paths.app.portals}>
            <UsersIcon aria-hidden="true" /> Manage Clients
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** What "in the period" means, in small print. */
function PeriodNote({ a }: { a: PortalAnalytics }) {
  return (
    <p className="text-xs text-muted-foreground" data-testid="period-note">
      <span className="font-medium text-foreground">
        {formatDay(a.from)} – {formatDay(a.to)}
      </span>{' '}
      ({a.days} days, {a.timeZone}). Clients in the period: every client now in your data source that is not completed, plus those completed
      in the period. A completion counts when a sync records the status change to completed; a client already completed when first imported
      counts as completed that day.{a.level === 'full' ? " Avg. Time: days from first seen to that change. Lookups: your portal's searches per day." : ''}
    </p>
  );
}

function Tile({ label, value, icon, detail, small = false }: { label: string; value: string; icon: ReactNode; detail?: string; small?: boolean }) {
  return (
    <Card className="flex flex-col p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{label}</p>
        {icon}
      </div>
      <p className={cn('mt-2 font-bold tabular-nums', small ? 'text-base sm:text-lg' : 'text-2xl sm:text-3xl')} data-testid={`tile-${label}`}>
        {value}
      </p>
      {detail ? <p className="mt-1 text-xs text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}

/** The portal's Data Source card (the one of the sheet setup page); its actions open that page. */
function DataSource({ portalId }: { portalId: string }) {
  const navigate = useNavigate();
  const portal = useQuery(portalQueryOptions(portalId));
  if (portal.isPending) return <LoadingState label="Loading the data source..." />;
  if (portal.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{errorMessage(portal.error)}</AlertDescription>
      </Alert>
    );
  }
  const manage = () => void navigate(paths.app.sheetsSetup);
  return <SourceCard portal={portal.data} onChangeMapping={manage} onReplace={manage} />;
}
