import { useQuery } from '@tanstack/react-query';
import { RotateCwIcon } from 'lucide-react';
import type { WebhookDeliveryView } from '@core/api/webhooks';
import { LoadError } from '@web/components/load-error';
import { LoadingState } from '@web/components/spinner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/date-time';
import { deliveriesQueryOptions, useResendDelivery } from '../api/webhooks';

const stateBadge = {
  delivered: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Retrying', variant: 'warning' },
  failed: { label: 'Failed', variant: 'danger' },
} as const;

function DeliveryRow({ endpointId, delivery, timeZone }: { endpointId: string; delivery: WebhookDeliveryView; timeZone?: string }) {
  const resend = useResendDelivery(endpointId);
  const badge = delivery.state === 'pending' && delivery.attempts === 0 ? { label: 'Sending', variant: 'info' as const } : stateBadge[delivery.state];
  const answer = delivery.statusCode !== null ? `HTTP ${delivery.statusCode}` : (delivery.error ?? 'No attempt yet');
  return (
    <li className="space-y-2 p-3" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-mono text-xs [overflow-wrap:anywhere]">{delivery.eventType}</span>
          <Badge variant={badge.variant}>{badge.label}</Badge>
          <span className="text-xs text-muted-foreground">{answer}</span>
        </div>
        {delivery.state !== 'pending' ? (
          <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate(delivery.id)}>
            <RotateCwIcon aria-hidden="true" /> Resend
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">
        {formatDateTime(delivery.createdAt, timeZone)} · {delivery.attempts} {delivery.attempts === 1 ? 'try' : 'tries'}
        {delivery.nextAttemptAt ? ` · next ${formatDateTime(delivery.nextAttemptAt, timeZone)}` : ''}
        {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ''}
      </p>
      {delivery.statusCode !== null && delivery.error ? <p className="text-xs text-muted-foreground">{delivery.error}</p> : null}
      {delivery.responseExcerpt ? (
        <pre className="max-h-24 overflow-auto rounded border border-border bg-muted p-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">{delivery.responseExcerpt}</pre>
      ) : null}
      <details className="text-xs">
        <summary className="cursor-pointer text-muted-foreground">Payload · {delivery.id}</summary>
        <pre className="mt-1 max-h-48 overflow-auto rounded border border-border bg-muted p-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{JSON.stringify(delivery.payload, null, 2)}</pre>
      </details>
      {resend.isError ? <p className="text-xs text-destructive">{errorMessage(resend.error)}</p> : null}
    </li>
  );
}

/** An endpoint's latest deliveries: time, event, state, answer, tries, an excerpt of the answer; resend. */
export function DeliveriesList({ endpointId, timeZone }: { endpointId: string; timeZone?: string }) {
  const deliveries = useQuery(deliveriesQueryOptions(endpointId));
  if (deliveries.isPending) return <LoadingState label="Loading deliveries..." />;
  if (deliveries.isError) return <LoadError title="Could not load the deliveries" error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  if (deliveries.data.deliveries.length === 0) return <p className="text-sm text-muted-foreground">No deliveries yet. Send a test event to try the endpoint.</p>;
  return (
    <ul className="divide-y divide-border rounded-md border border-border" aria-label="Deliveries">
      {deliveries.data.deliveries.map((d) => (
        <DeliveryRow key={d.id} endpointId={endpointId} delivery={d} timeZone={timeZone} />
      ))}
    </ul>
  );
}
