import { useQuery } from '@tanstack/react-query';
import type { EstimateAccuracy } from '@core/api/estimates';
import type { AnalyticsPeriod } from '@core/api/portal-analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingState } from '@web/components/spinner';
import { errorMessage } from '@web/lib/api-client';
import { estimateAccuracyQueryOptions } from '../api/estimate-accuracy';

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);
const workingDays = (days: number | null) => (days === null ? '—' : `${days} working ${days === 1 ? 'day' : 'days'}`);

/** The Estimate Accuracy panel (issue 20 item 4): for clients completed in the period, how the dates shown before fared. */
export function EstimateAccuracyCard({ portalId, days }: { portalId: string; days: AnalyticsPeriod }) {
  const accuracy = useQuery(estimateAccuracyQueryOptions(portalId, days));
  return (
    <Card data-testid="estimate-accuracy">
      <CardHeader>
        <CardTitle>Estimate Accuracy</CardTitle>
        <CardDescription>{accuracy.data && accuracy.data.completed > 0 ? describe(accuracy.data) : 'How the dates your clients were shown compare with when they were really done.'}</CardDescription>
      </CardHeader>
      <CardContent>
        {accuracy.isPending ? (
          <LoadingState label="Checking past estimates..." />
        ) : accuracy.isError && !accuracy.data ? (
          <p className="text-sm text-destructive">{errorMessage(accuracy.error)}</p>
        ) : accuracy.data.completed === 0 ? (
          <p className="text-sm text-muted-foreground">No client was completed in this period, so there is nothing to measure yet.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-3" aria-label="Accuracy by how long before completion">
            {accuracy.data.leads.map((lead) => (
              <li key={lead.leadDays} className="rounded-lg border border-border bg-muted/40 p-4" data-testid={`accuracy-${lead.leadDays}`}>
                <p className="text-sm font-semibold text-foreground">{lead.leadDays} days before</p>
                {lead.clients === 0 ? (
                  <p className="mt-2 text-sm text-muted-foreground">No client had an estimate then.</p>
                ) : (
                  <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">Inside the range</dt>
                    <dd className="text-right font-semibold tabular-nums">{percent(lead.inRange)}</dd>
                    <dt className="text-muted-foreground">Later than the range</dt>
                    <dd className="text-right font-semibold tabular-nums">{percent(lead.late)}</dd>
                    <dt className="text-muted-foreground">Most likely date off by</dt>
                    <dd className="text-right font-semibold tabular-nums">{workingDays(lead.medianErrorDays)}</dd>
                    <dt className="text-muted-foreground">Clients</dt>
                    <dd className="text-right tabular-nums">{lead.clients.toLocaleString()}</dd>
                  </dl>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function describe(a: EstimateAccuracy): string {
  const clients = `${a.completed.toLocaleString()} ${a.completed === 1 ? 'client' : 'clients'} completed in this period`;
  const basis =
    a.source === 'shown'
      ? 'what they were shown'
      : 'estimates recomputed from your history as they would have been shown (your portal has not kept its estimates that long yet)';
  return `For the ${clients}: ${basis} 30, 14 and 7 days before. The range aims to hold 80% of completions; the most likely date's error is the median, in working days.`;
}
