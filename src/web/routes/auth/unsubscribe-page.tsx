import { useQuery } from '@tanstack/react-query';
import { BellOffIcon, BellRingIcon, LinkIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { LoadingState, Spinner } from '@web/components/spinner';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { unsubscribeStatusQueryOptions, useSetEmailUpdates } from '@web/features/notifications/api/unsubscribe';
import { errorMessage } from '@web/lib/api-client';
import { AuthCard } from './auth-card';

/**
 * /unsubscribe?t=...: the page a client's e-mail links to (issue 19). It names the business and the address (masked)
 * and turns the updates off, or on again: only the client, who holds the link, can. No platform branding: clients
 * know the business, not us.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const status = useQuery({ ...unsubscribeStatusQueryOptions(token), enabled: token !== '' });
  const change = useSetEmailUpdates(token);

  const head = (
    <>
      <title>E-mail updates</title>
      <meta name="referrer" content="no-referrer" />
    </>
  );
  const frame = (body: React.ReactNode) => (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10">
      {head}
      {body}
    </main>
  );

  if (token === '' || status.isError) {
    return frame(
      <AuthCard title="Link not valid" icon={<LinkIcon aria-hidden="true" className="size-6" />}>
        <Alert variant="destructive">{token === '' ? 'This address has no unsubscribe link in it.' : errorMessage(status.error)}</Alert>
      </AuthCard>,
    );
  }
  if (!status.data) return frame(<LoadingState className="min-h-40" />);

  const { companyName, email, subscribed } = status.data;
  return frame(
    <AuthCard
      title={subscribed ? 'E-mail updates are on' : 'You are unsubscribed'}
      icon={subscribed ? <BellRingIcon aria-hidden="true" className="size-6" /> : <BellOffIcon aria-hidden="true" className="size-6" />}
      description={
        subscribed ? (
          <>
            <span className="font-medium text-foreground">{companyName}</span> sends updates about your project to {email}.
          </>
        ) : (
          <>
            {email} no longer gets project updates from <span className="font-medium text-foreground">{companyName}</span>. Codes you ask for on
            the project page still come.
          </>
        )
      }
    >
      <div role="status" className="sr-only">
        {subscribed ? 'E-mail updates are on.' : 'You are unsubscribed.'}
      </div>
      {change.isError ? (
        <Alert variant="destructive" className="mb-4">
          {errorMessage(change.error)}
        </Alert>
      ) : null}
      <Button className="w-full" variant={subscribed ? 'default' : 'outline'} disabled={change.isPending} onClick={() => change.mutate(!subscribed)}>
        {change.isPending ? <Spinner className="size-4" /> : null}
        {subscribed ? 'Unsubscribe' : 'Subscribe again'}
      </Button>
    </AuthCard>,
  );
}
