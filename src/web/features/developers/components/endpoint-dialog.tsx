import { useState, type FormEvent } from 'react';
import type { CreatedWebhook, WebhookEndpointView } from '@core/api/webhooks';
import { webhookEventLabels, webhookEventTypes, type WebhookEventType } from '@core/webhooks';
import { TextField } from '@web/components/text-field';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { errorMessage } from '@web/lib/api-client';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';
import { SecretBox } from './copy-button';

const DEFAULT_EVENTS: WebhookEventType[] = ['client.status_changed', 'client.completed'];

/** The endpoint form's fields: address, description, events (with all / none). */
function EndpointFields(props: {
  url: string;
  setUrl: (v: string) => void;
  description: string;
  setDescription: (v: string) => void;
  events: string[];
  setEvents: (v: string[]) => void;
}) {
  const { events, setEvents } = props;
  const toggle = (type: string) => setEvents(events.includes(type) ? events.filter((e) => e !== type) : [...events, type]);
  return (
    <>
      <TextField id="webhook-url" label="Endpoint URL" type="url" value={props.url} onChange={(e) => props.setUrl(e.target.value)} placeholder="https://example.com/webhooks/statuslink" required />
      <TextField id="webhook-description" label="Description (optional)" value={props.description} onChange={(e) => props.setDescription(e.target.value)} maxLength={500} placeholder="e.g. Practice software" />
      <fieldset className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <legend className="text-sm font-medium">Events to send</legend>
          <div className="flex gap-1">
            <Button type="button" variant="ghost" size="sm" onClick={() => setEvents([...webhookEventTypes])}>
              All
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setEvents([])}>
              None
            </Button>
          </div>
        </div>
        <div className="max-h-56 space-y-1 overflow-y-auto rounded-md border border-border p-2">
          {webhookEventTypes.map((type) => (
            <label key={type} className="flex cursor-pointer items-start gap-2 rounded px-1 py-1 text-sm hover:bg-muted">
              <input type="checkbox" className="mt-0.5 accent-primary" checked={events.includes(type)} onChange={() => toggle(type)} />
              <span className="min-w-0">
                <span className="block font-mono text-xs">{type}</span>
                <span className="block text-xs text-muted-foreground">{webhookEventLabels[type]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** "Add endpoint" (then its signing secret, once) or "Edit endpoint". */
export function EndpointDialog({ open, onOpenChange, editing }: { open: boolean; onOpenChange: (open: boolean) => void; editing?: WebhookEndpointView }) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook(editing?.id ?? '');
  const [url, setUrl] = useState(editing?.url ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [events, setEvents] = useState<string[]>(editing?.events ?? DEFAULT_EVENTS);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const mutation = editing ? update : create;

  const close = (next: boolean) => {
    if (!next) {
      setCreated(null);
      create.reset();
      update.reset();
      if (!editing) {
        setUrl('');
        setDescription('');
        setEvents(DEFAULT_EVENTS);
      }
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { url, description, events: events as WebhookEventType[] };
    if (editing) update.mutate(body, { onSuccess: () => close(false) });
    else create.mutate(body, { onSuccess: setCreated });
  };

  if (created) {
    return (
      <Dialog open={open} onOpenChange={close} title="Endpoint added" description="This is its signing secret. Copy it now: it is shown this once only.">
        <div className="space-y-4">
          <SecretBox value={created.secret} label="Signing secret" />
          <p className="text-sm text-muted-foreground">Use it to verify each delivery (see "Verify a webhook" below). Lost it? Rotate the secret.</p>
          <div className="flex justify-end">
            <Button onClick={() => close(false)}>Done</Button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close} title={editing ? 'Edit endpoint' : 'Add endpoint'} description="StatusLink posts the events you choose to this address, signed.">
      <form className="space-y-4" onSubmit={submit} noValidate>
        <EndpointFields url={url} setUrl={setUrl} description={description} setDescription={setDescription} events={events} setEvents={setEvents} />
        {mutation.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(mutation.error)}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : editing ? 'Save' : 'Add endpoint'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
