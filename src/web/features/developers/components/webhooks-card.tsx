import { useQuery } from '@tanstack/react-query';
import { PlusIcon, WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import type { CreatedWebhook, WebhookEndpointView } from '@core/api/webhooks';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { LoadingState } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Dialog } from '@web/components/ui/dialog';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/date-time';
import { useDeleteWebhook, useRotateSecret, useSendTest, useUpdateWebhook, webhooksQueryOptions } from '../api/webhooks';
import { SecretBox } from './copy-button';
import { DeliveriesList } from './deliveries-list';
import { EndpointDialog } from './endpoint-dialog';

function endpointBadge(e: WebhookEndpointView) {
  if (e.enabled) return { label: 'Enabled', variant: 'success' as const };
  if (e.disabledReason === 'gone') return { label: 'Disabled: answered 410 Gone', variant: 'danger' as const };
  if (e.disabledReason === 'failing') return { label: 'Disabled: failing for 5 days', variant: 'danger' as const };
  return { label: 'Paused', variant: 'secondary' as const };
}

/** One endpoint: its address, events, state and actions, then its deliveries. */
function EndpointItem({ endpoint, timeZone }: { endpoint: WebhookEndpointView; timeZone?: string }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [rotated, setRotated] = useState<CreatedWebhook | null>(null);
  const update = useUpdateWebhook(endpoint.id);
  const rotate = useRotateSecret(endpoint.id);
  const test = useSendTest(endpoint.id);
  const remove = useDeleteWebhook();
  const badge = endpointBadge(endpoint);
  const failure = [update, rotate, test].find((m) => m.isError)?.error;
  return (
    <li className="space-y-4 p-4" data-testid="webhook-endpoint">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm [overflow-wrap:anywhere]">{endpoint.url}</span>
            <Badge variant={badge.variant}>{badge.label}</Badge>
          </div>
          {endpoint.description ? <p className="text-sm">{endpoint.description}</p> : null}
          <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{endpoint.events.join(', ')}</p>
          <p className="text-xs text-muted-foreground">
            Secret <span className="font-mono">{endpoint.secretPrefix}…</span>
            {endpoint.previousSecretExpiresAt ? ` · the previous secret also signs until ${formatDateTime(endpoint.previousSecretExpiresAt, timeZone)}` : ''}
            {endpoint.enabled && endpoint.failingSince ? ` · failing since ${formatDateTime(endpoint.failingSince, timeZone)}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={test.isPending} onClick={() => test.mutate()}>
            Send test event
          </Button>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => update.mutate({ enabled: !endpoint.enabled })}>
            {endpoint.enabled ? 'Pause' : 'Enable'}
          </Button>
          <Button variant="outline" size="sm" disabled={rotate.isPending} onClick={() => rotate.mutate(undefined, { onSuccess: setRotated })}>
            Rotate secret
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </div>
      </div>
      {failure ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(failure)}</AlertDescription>
        </Alert>
      ) : null}
      <div className="space-y-2">
        <h4 className="text-sm font-medium">Recent deliveries</h4>
        <DeliveriesList endpointId={endpoint.id} timeZone={timeZone} />
      </div>
      {editing ? <EndpointDialog open onOpenChange={setEditing} editing={endpoint} /> : null}
      <Dialog open={rotated !== null} onOpenChange={(open) => !open && setRotated(null)} title="New signing secret" description="Copy it now: it is shown this once only. For 24 hours deliveries carry signatures of both the old and the new secret, so you can switch without missing any.">
        {rotated ? <SecretBox value={rotated.secret} label="Signing secret" /> : null}
      </Dialog>
      <ConfirmDialog
        open={deleting}
        title="Delete this endpoint?"
        description={`${endpoint.url} gets no more events, and its delivery history is deleted.`}
        confirmLabel="Delete endpoint"
        pending={remove.isPending}
        error={remove.isError ? remove.error : null}
        onConfirm={() => remove.mutate(endpoint.id, { onSuccess: () => setDeleting(false) })}
        onCancel={() => {
          remove.reset();
          setDeleting(false);
        }}
      />
    </li>
  );
}

/** Developers > Webhooks: the business's endpoints and their deliveries. */
export function WebhooksCard({ timeZone }: { timeZone?: string }) {
  const webhooks = useQuery(webhooksQueryOptions());
  const [adding, setAdding] = useState(false);
  let body;
  if (webhooks.isPending) body = <LoadingState label="Loading webhooks..." />;
  else if (webhooks.isError) body = <LoadError title="Could not load the webhooks" error={webhooks.error} onRetry={() => void webhooks.refetch()} />;
  else if (webhooks.data.webhooks.length === 0) {
    body = <EmptyState icon={WebhookIcon} title="No endpoints yet" description="Add an endpoint to have StatusLink tell your other tools when a client is added, changes status or completes." headingLevel={3} />;
  } else {
    body = (
      <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Webhook endpoints">
        {webhooks.data.webhooks.map((e) => (
          <EndpointItem key={e.id} endpoint={e} timeZone={timeZone} />
        ))}
      </ul>
    );
  }
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>Webhooks</CardTitle>
          <CardDescription>Signed HTTPS posts to your endpoints when your clients change, retried for up to three days.</CardDescription>
        </div>
        <Button size="sm" onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden="true" /> Add endpoint
        </Button>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <EndpointDialog open={adding} onOpenChange={setAdding} />
    </Card>
  );
}
