import { useQuery } from '@tanstack/react-query';
import { ClientMessagesCard } from '@web/features/notifications/components/client-messages-card';
import { ArrowDownIcon, ArrowLeftIcon, ArrowUpIcon, LinkIcon, Share2Icon, Undo2Icon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState, Spinner } from '@web/components/spinner';
import { LoadError } from '@web/components/load-error';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import {
  accessLinkQueryOptions,
  clientDetailQueryOptions,
  clientUpdatesQueryOptions,
  useClearManualPositions,
  useRestoreManualPositions,
  useRevokeAccessLink,
  useRotateAccessLink,
  useSetQueuePosition,
  type ClientDetail,
  type ManualPositionValue,
} from '@web/features/clients/api/clients';
import { useMarkUpdatesRead } from '@web/features/clients/api/use-mark-updates-read';
import { ClientStatusBadge } from '@web/features/clients/components/status-badge';
import { useCurrentPortal } from '@web/features/dashboard/api/portals';
import { useBusinessTimeZone } from '@web/features/auth/api/use-me';
import { formatDateTime, formatDay, formatDueDate } from '@web/lib/date-time';
import { errorMessage } from '@web/lib/api-client';
import { paths } from '@web/lib/paths';
import { ShareModal, type ShareTarget } from './share-modal';

/** A time on this page, in the business's time zone (D8). */
function useWhen(): (iso: string | null) => string {
  const timeZone = useBusinessTimeZone();
  return (iso) => (iso ? formatDateTime(iso, timeZone) : '—');
}

/** /app/portals/clients/{clientId}: one client of the current portal (issue 6 item 3). */
export function ClientDetailPage() {
  const { clientId = '' } = useParams();
  const current = useCurrentPortal();
  const portal = current.portal;
  const detail = useQuery({ ...clientDetailQueryOptions(portal?.portalId ?? '', clientId), enabled: Boolean(portal) });

  return (
    <>
      <PageTitle title={detail.data?.name ?? 'Client'} />
      <Button asChild variant="ghost" size="sm" className="mb-3 -ml-2">
        <Link to={paths.app.portals}>
          <ArrowLeftIcon aria-hidden="true" /> Back to clients
        </Link>
      </Button>
      {current.query.isPending || (portal && detail.isPending) ? (
        <LoadingState label="Loading the client..." />
      ) : current.query.isError || detail.isError ? (
        <>
          <h1 className="mb-4 text-2xl font-bold tracking-tight">Client</h1>
          <LoadError
            title="Could not load this client"
            error={current.query.error ?? detail.error}
            onRetry={() => (current.query.isError ? current.query.refetch() : detail.refetch())}
          />
        </>
      ) : !portal || !detail.data ? (
        <>
          <h1 className="mb-4 text-2xl font-bold tracking-tight">Client not found</h1>
          <Alert>
            <AlertDescription>This client is not in the current portal.</AlertDescription>
          </Alert>
        </>
      ) : (
        <ClientView portalId={portal.portalId} companyName={portal.config.companyName ?? portal.name} client={detail.data} dueDateHeader={dueDateHeader(portal.source)} />
      )}
    </>
  );
}

/** The header of the portal's due date column, whose cell the page shows as a date like the rest of the app; null without one. */
function dueDateHeader(source: { columnMapping: { date?: number } | null; detectedHeaders: string[] }): string | null {
  const column = source.columnMapping?.date;
  return column === undefined ? null : (source.detectedHeaders[column] ?? null);
}

function ClientView({ portalId, companyName, client, dueDateHeader }: { portalId: string; companyName: string; client: ClientDetail; dueDateHeader: string | null }) {
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const when = useWhen();
  return (
    <div className="space-y-6">
      <PageHeader
        title={client.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {client.email} <ClientStatusBadge status={client.status} />
          </span>
        }
        actions={
          <Button onClick={() => setSharing({ clientId: client.clientId, name: client.name, email: client.email })}>
            <Share2Icon aria-hidden="true" /> Share
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[minmax(0,9rem)_1fr] gap-x-4 gap-y-2 text-sm">
              {Object.entries(client.raw).map(([header, value]) => (
                <Row key={header} label={header}>
                  {header === dueDateHeader ? (
                    <span className="break-words" data-testid="due-date" title={client.dueDate && value.trim() !== client.dueDate ? value : undefined}>
                      {formatDueDate(client.dueDate, value)}
                    </span>
                  ) : (
                    <span className="break-words">{value || '—'}</span>
                  )}
                </Row>
              ))}
              <Row label="Estimated completion">{client.estimatedCompletion ? formatDay(client.estimatedCompletion) : '—'}</Row>
              <Row label="First seen">
                <span data-testid="first-seen">{when(client.createdAt)}</span>
              </Row>
            </dl>
          </CardContent>
        </Card>
        <QueueCard portalId={portalId} client={client} />
        <Card>
          <CardHeader>
            <CardTitle>Status History</CardTitle>
          </CardHeader>
          <CardContent>
            {client.history.length === 0 ? (
              <p className="text-sm text-muted-foreground">No status changes yet: the status has been “{client.status || 'Unknown'}” since {when(client.createdAt)}.</p>
            ) : (
              <ol className="space-y-2 text-sm" aria-label="Status changes, oldest first">
                {client.history.map((h, i) => (
                  <li key={i} className="flex flex-wrap items-center justify-between gap-2 border-b border-border pb-2 last:border-0">
                    <span>
                      {h.oldStatus ? `${h.oldStatus} → ` : ''}
                      <strong>{h.newStatus || 'Unknown'}</strong>
                    </span>
                    <time dateTime={h.changedAt} className="text-xs text-muted-foreground">
                      {when(h.changedAt)}
                    </time>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
        <AccessLinkCard portalId={portalId} clientId={client.clientId} />
        <UpdatesCard portalId={portalId} clientId={client.clientId} />
        <ClientMessagesCard portalId={portalId} client={client} />
      </div>
      <ShareModal portalId={portalId} companyName={companyName} client={sharing} onClose={() => setSharing(null)} />
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="break-words text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

function QueueCard({ portalId, client }: { portalId: string; client: ClientDetail }) {
  const setPosition = useSetQueuePosition(portalId);
  const restore = useRestoreManualPositions(portalId);
  const clearAll = useClearManualPositions(portalId);
  const [undo, setUndo] = useState<ManualPositionValue[] | null>(null);
  const [target, setTarget] = useState('');
  const busy = setPosition.isPending || restore.isPending || clearAll.isPending;
  const queued = client.queueState === 'queued' && client.queuePosition !== null;

  const move = (position: number | null) =>
    setPosition.mutate({ clientId: client.clientId, position }, { onSuccess: (r) => setUndo(r.previous.length ? r.previous : null) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(target);
    if (Number.isInteger(n) && n >= 1 && n <= client.queueLength) move(n);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Queue Position</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {!queued ? (
          <p className="text-muted-foreground">{client.queueState === 'completed' ? 'Completed: this client is not in the queue.' : 'This client is not in the queue.'}</p>
        ) : (
          <>
            <p>
              Position <strong data-testid="queue-position">{client.queuePosition}</strong> of {client.queueLength}
              {client.manualPosition !== null
                ? ' (set by hand)'
                : client.placedByHand > 0
                  ? ` (after the ${client.placedByHand === 1 ? 'client' : `${client.placedByHand} clients`} placed by hand)`
                  : ' (from priority, status and due date)'}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" disabled={busy || client.queuePosition === 1} onClick={() => move(client.queuePosition! - 1)}>
                <ArrowUpIcon aria-hidden="true" /> Move up
              </Button>
              <Button variant="outline" size="sm" disabled={busy || client.queuePosition === client.queueLength} onClick={() => move(client.queuePosition! + 1)}>
                <ArrowDownIcon aria-hidden="true" /> Move down
              </Button>
              {client.manualPosition !== null ? (
                <Button variant="ghost" size="sm" disabled={busy} onClick={() => move(null)}>
                  Clear manual position
                </Button>
              ) : null}
              {client.placedByHand > 0 ? (
                // Moving one client pins those ahead of it: clearing one position alone leaves it behind them.
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-auto shrink whitespace-normal py-1.5 text-left"
                  disabled={busy}
                  onClick={() => clearAll.mutate(undefined, { onSuccess: (r) => setUndo(r.previous.length ? r.previous : null) })}
                >
                  Put the whole queue back in automatic order
                </Button>
              ) : null}
            </div>
            <form onSubmit={submit} className="flex items-end gap-2">
              <div>
                <Label htmlFor="set-position" className="mb-1.5 block">
                  Set position
                </Label>
                <Input id="set-position" type="number" min={1} max={client.queueLength} value={target} onChange={(e) => setTarget(e.target.value)} className="w-28" />
              </div>
              <Button type="submit" size="sm" disabled={busy || target === ''}>
                Set
              </Button>
            </form>
          </>
        )}
        {busy ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Spinner /> Updating the queue...
          </p>
        ) : null}
        {undo ? (
          <div className="flex flex-wrap items-center gap-2 rounded-lg bg-muted p-3" role="status">
            <span>Queue updated. The portal shows the new position now.</span>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => restore.mutate(undo, { onSuccess: () => setUndo(null) })}>
              <Undo2Icon aria-hidden="true" /> Undo
            </Button>
          </div>
        ) : null}
        {setPosition.isError || restore.isError || clearAll.isError ? (
          <p className="text-destructive">{errorMessage(setPosition.error ?? restore.error ?? clearAll.error)}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function AccessLinkCard({ portalId, clientId }: { portalId: string; clientId: string }) {
  const link = useQuery(accessLinkQueryOptions(portalId, clientId));
  const rotate = useRotateAccessLink(portalId, clientId);
  const revoke = useRevokeAccessLink(portalId, clientId);
  const [url, setUrl] = useState<string | null>(null);
  const when = useWhen();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Access Link</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {link.isPending ? (
          <LoadingState className="p-2" />
        ) : link.isError ? (
          <p className="text-destructive">{errorMessage(link.error)}</p>
        ) : link.data.active ? (
          <p>
            Active since {when(link.data.createdAt)}; last used {link.data.lastUsedAt ? when(link.data.lastUsedAt) : 'never'}.
          </p>
        ) : (
          <p className="text-muted-foreground">No access link. The client can still find their project with their email address.</p>
        )}
        {url ? (
          <div>
            <Label htmlFor="new-access-link" className="mb-1.5 block">
              New link (shown only now)
            </Label>
            <Input id="new-access-link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={rotate.isPending} onClick={() => rotate.mutate(undefined, { onSuccess: (r) => setUrl(r.url) })}>
            <LinkIcon aria-hidden="true" /> {link.data?.active ? 'Rotate link' : 'Create link'}
          </Button>
          {link.data?.active ? (
            <Button size="sm" variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate(undefined, { onSuccess: () => setUrl(null) })}>
              Revoke link
            </Button>
          ) : null}
        </div>
        {rotate.isError || revoke.isError ? <p className="text-destructive">{errorMessage(rotate.error ?? revoke.error)}</p> : null}
      </CardContent>
    </Card>
  );
}

/**
 * The client's updates sent from the portal. Opening the page marks the unread ones read on the server (so unread
 * counts drop everywhere); they stay highlighted as "New" for this visit.
 */
function UpdatesCard({ portalId, clientId }: { portalId: string; clientId: string }) {
  const updates = useQuery(clientUpdatesQueryOptions(portalId, clientId));
  const markRead = useMarkUpdatesRead(portalId, clientId);
  const requested = useRef(new Set<string>());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const when = useWhen();
  const { mutate } = markRead;
  useEffect(() => {
    const unread = (updates.data?.updates ?? []).filter((u) => u.readAt === null && !requested.current.has(u.id)).map((u) => u.id);
    if (unread.length === 0) return;
    for (const id of unread) requested.current.add(id);
    setFresh((prev) => new Set([...prev, ...unread]));
    mutate(unread);
  }, [updates.data, mutate]);
  const unreadNow = updates.data?.unread ?? 0;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>Client Updates</CardTitle>
        {fresh.size > 0 ? (
          <span className="rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200" data-testid="updates-new-count">
            {fresh.size} new
          </span>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {updates.isPending ? (
          <LoadingState className="p-2" />
        ) : updates.isError ? (
          <p className="text-destructive">{errorMessage(updates.error)}</p>
        ) : updates.data.updates.length === 0 ? (
          <p className="text-muted-foreground">No messages from this client yet.</p>
        ) : (
          <>
            <p className="text-xs text-muted-foreground" role="status" data-testid="updates-read-state">
              {markRead.isPending || unreadNow > 0
                ? 'Marking as read...'
                : markRead.isError
                  ? ''
                  : fresh.size > 0
                    ? 'New messages were marked as read when you opened this page.'
                    : 'All messages are read.'}
            </p>
            <ul className="space-y-3">
              {updates.data.updates.map((u) => (
                <li
                  key={u.id}
                  className={`rounded-lg border p-3 ${fresh.has(u.id) ? 'border-blue-300 bg-blue-50/60 dark:border-blue-800 dark:bg-blue-950/40' : 'border-border'}`}
                  data-testid="client-update"
                >
                  {fresh.has(u.id) ? <span className="mb-1 inline-block text-xs font-semibold text-blue-800 dark:text-blue-300">New</span> : null}
                  <p className="whitespace-pre-wrap break-words">{u.message}</p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {when(u.createdAt)}
                    {u.readAt ? ` · read ${when(u.readAt)}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
        {markRead.isError ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-destructive">Could not mark the messages as read: {errorMessage(markRead.error)}</p>
            <Button
              size="sm"
              variant="outline"
              onClick={() => mutate((updates.data?.updates ?? []).filter((u) => u.readAt === null).map((u) => u.id))}
            >
              Mark as read
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
