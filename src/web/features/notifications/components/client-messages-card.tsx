import { useQuery } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { notificationTexts } from '@core/notification-texts';
import { LoadingState } from '@web/components/spinner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useBusinessTimeZone } from '@web/features/auth/api/use-me';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/date-time';
import { clientMessagesQueryOptions, type ClientMessage } from '../api/notifications';
import { InviteDialog, type InviteTarget } from './invite-dialog';
import { TextConsentLine } from './text-consent-line';

const triggerLabel = (t: string) => notificationTexts.triggers[t as keyof typeof notificationTexts.triggers] ?? t;

const stateTone: Record<ClientMessage['state'], string> = {
  sent: 'text-success',
  bounced: 'text-destructive',
  failed: 'text-destructive',
  skipped: 'text-muted-foreground',
  pending: 'text-foreground',
  held: 'text-foreground',
  sending: 'text-foreground',
};

/** Every message to the client (time, what it told, channel, result) and whether e-mail reaches them (issue 19). */
export function ClientMessagesCard({ portalId, client }: { portalId: string; client: { clientId: string; name: string } }) {
  const messages = useQuery(clientMessagesQueryOptions(portalId, client.clientId));
  const timeZone = useBusinessTimeZone();
  const [inviting, setInviting] = useState<InviteTarget | null>(null);
  const data = messages.data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Messages</CardTitle>
        <Button size="sm" variant="outline" onClick={() => setInviting({ kind: 'some', clientIds: [client.clientId], label: client.name })}>
          <MailIcon aria-hidden="true" /> Send invitation
        </Button>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {messages.isPending ? (
          <LoadingState className="p-2" />
        ) : messages.isError ? (
          <p className="text-destructive">{errorMessage(messages.error)}</p>
        ) : (
          <>
            {data!.email.problem ? (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200" data-testid="email-problem">
                E-mails cannot reach this client: {data!.email.problem}
              </p>
            ) : null}
            <TextConsentLine portalId={portalId} clientId={client.clientId} />
            {data!.messages.length === 0 ? (
              <p className="text-muted-foreground">No messages sent to this client yet.</p>
            ) : (
              <ul className="divide-y divide-border" data-testid="client-messages">
                {data!.messages.map((m) => (
                  <li key={m.id} className="py-2.5">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-medium">{m.triggers.length > 0 ? m.triggers.map(triggerLabel).join(', ') : m.purpose === 'invitation' ? triggerLabel('invitation') : 'Update'}</span>
                      <span className={`text-xs font-semibold ${stateTone[m.state]}`}>{m.result}</span>
                    </div>
                    <p className="text-xs text-muted-foreground">
                      {formatDateTime(m.sentAt ?? m.createdAt, timeZone)} · {m.channel === 'email' ? 'E-mail' : 'Text'}
                      {m.state === 'pending' || m.state === 'held' ? ` · goes ${formatDateTime(m.sendAfter, timeZone)}` : ''}
                    </p>
                    {m.subject ? <p className="mt-0.5 break-words">{m.subject}</p> : null}
                    {m.detail ? <p className="mt-0.5 break-words text-xs text-muted-foreground">{m.detail}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
      <InviteDialog portalId={portalId} target={inviting} onClose={() => setInviting(null)} />
    </Card>
  );
}
