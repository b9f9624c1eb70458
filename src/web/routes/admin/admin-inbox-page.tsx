import { CheckIcon, InboxIcon, MailIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState } from '@web/components/spinner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { type InboxStatus, useContactMessages, useSetInboxStatus, useWaitlist } from '@web/features/admin/api/inbox';
import { formatDateTime } from '@web/features/admin/components/format';
import { NativeSelect } from '@web/features/admin/components/native-select';
import { cn } from '@web/lib/cn';
import { QueryError } from './query-error';

type Kind = 'contact' | 'waitlist';

function StatusToggle({ kind, id, status }: { kind: Kind; id: string; status: InboxStatus }) {
  const set = useSetInboxStatus();
  const next: InboxStatus = status === 'new' ? 'handled' : 'new';
  return (
    <Button variant="outline" size="sm" disabled={set.isPending} onClick={() => set.mutate({ kind, id, status: next })}>
      {status === 'new' ? <CheckIcon aria-hidden="true" /> : <RotateCcwIcon aria-hidden="true" />}
      {status === 'new' ? 'Mark handled' : 'Mark new'}
    </Button>
  );
}

const statusBadge = (s: InboxStatus) => <Badge variant={s === 'new' ? 'info' : 'secondary'}>{s === 'new' ? 'New' : 'Handled'}</Badge>;

function ContactList({ status }: { status?: InboxStatus }) {
  const q = useContactMessages(status);
  if (q.isPending) return <LoadingState />;
  if (q.isError) return <QueryError title="Could not load messages" error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.data.items.length === 0) return <EmptyState icon={MailIcon} title="No Messages" description="Messages sent through the contact form appear here." />;
  return (
    <ul className="space-y-3">
      {q.data.items.map((m) => (
        <li key={m.id}>
          <Card className="p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium">
                  {m.name} <span className="font-normal text-muted-foreground">&lt;{m.email}&gt;</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  {[m.company, m.phone, m.interest].filter(Boolean).join(' · ')} · {formatDateTime(m.createdAt)}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {statusBadge(m.status)}
                <StatusToggle kind="contact" id={m.id} status={m.status} />
              </div>
            </div>
            <p className="mt-3 whitespace-pre-wrap break-words text-sm">{m.message}</p>
            <a className="mt-2 inline-block text-sm text-link underline-offset-4 hover:underline" href={`mailto:${encodeURIComponent(m.email)}`}>
              Reply by e-mail
            </a>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function WaitlistList({ status }: { status?: InboxStatus }) {
  const q = useWaitlist(status);
  if (q.isPending) return <LoadingState />;
  if (q.isError) return <QueryError title="Could not load the waitlist" error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.data.items.length === 0) return <EmptyState icon={InboxIcon} title="No Waitlist Sign-ups" description="People who ask to be notified on a coming-soon page appear here." />;
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full min-w-[560px] text-left text-sm">
        <thead className="border-b border-border bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Email</th>
            <th scope="col" className="px-4 py-3 font-semibold">Feature</th>
            <th scope="col" className="px-4 py-3 font-semibold">Signed up</th>
            <th scope="col" className="px-4 py-3 font-semibold">Status</th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {q.data.items.map((w) => (
            <tr key={w.id}>
              <td className="break-all px-4 py-3">{w.email}</td>
              <td className="px-4 py-3">{w.feature}</td>
              <td className="whitespace-nowrap px-4 py-3">{formatDateTime(w.createdAt)}</td>
              <td className="px-4 py-3">{statusBadge(w.status)}</td>
              <td className="px-4 py-3 text-right">
                <StatusToggle kind="waitlist" id={w.id} status={w.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/inbox: contact messages and waitlist sign-ups from the public site. */
export function AdminInboxPage() {
  const [kind, setKind] = useState<Kind>('contact');
  const [status, setStatus] = useState<InboxStatus | ''>('');
  const contact = useContactMessages();
  const waitlist = useWaitlist();
  const count = (n: number | undefined) => (n ? ` (${n} new)` : '');
  return (
    <>
      <PageTitle title="Inbox" />
      <PageHeader title="Inbox" description="Contact messages and waitlist sign-ups from the public site." />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div role="tablist" aria-label="Inbox" className="flex gap-1 rounded-lg bg-muted p-1">
          {(['contact', 'waitlist'] as Kind[]).map((k) => (
            <button
              key={k}
              role="tab"
              type="button"
              aria-selected={kind === k}
              onClick={() => setKind(k)}
              className={cn('rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring', kind === k ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground')}
            >
              {k === 'contact' ? `Contact messages${count(contact.data?.newCount)}` : `Waitlist${count(waitlist.data?.newCount)}`}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor="inbox-status">Status</Label>
          <NativeSelect id="inbox-status" className="w-36" value={status} onChange={(e) => setStatus(e.target.value as InboxStatus | '')}>
            <option value="">All</option>
            <option value="new">New</option>
            <option value="handled">Handled</option>
          </NativeSelect>
        </div>
      </div>
      {kind === 'contact' ? <ContactList status={status || undefined} /> : <WaitlistList status={status || undefined} />}
    </>
  );
}
