import { useQuery } from '@tanstack/react-query';
import { AlertTriangleIcon, DatabaseIcon, ExternalLinkIcon, MailIcon, PencilIcon, SearchIcon, Share2Icon, Trash2Icon, UsersIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState, Spinner } from '@web/components/spinner';
import { LoadError } from '@web/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { showingLabel } from '@web/features/clients/lib/showing-label';
import { clientsQueryOptions, type ClientRow } from '@web/features/clients/api/clients';
import { ClientFormDialog, type ClientFormTarget } from '@web/features/clients/components/client-form-dialog';
import { DeleteClientDialog, ManageInStatusLinkButton, ManagedClientToolbar } from '@web/features/clients/components/managed-client-tools';
import { RemovedClients } from '@web/features/clients/components/removed-clients';
import { ClientStatusBadge } from '@web/features/clients/components/status-badge';
import { useCurrentPortal, type AppPortal } from '@web/features/dashboard/api/portals';
import { SyncProblemNotice } from '@web/features/portals/components/sync-problem-notice';
import { updatedLabel } from '@web/features/dashboard/lib/relative-time';
import { useBusinessTimeZone } from '@web/features/auth/api/use-me';
import { sourceLabel } from '@web/features/portals/lib/source-label';
import { formatDueDate } from '@web/lib/date-time';
import { paths } from '@web/lib/paths';
import { InviteDialog, type InviteTarget } from '@web/features/notifications/components/invite-dialog';
import { ShareModal, type ShareTarget } from './share-modal';

const PAGE_SIZE = 25;

/** /app/portals: the current portal's clients (spec 2.15 Client Management). */
export function ClientManagementPage() {
  const current = useCurrentPortal();
  const portal = current.portal;
  return (
    <>
      <PageTitle title="Client Management" />
      <PageHeader title="Client Management" description="Find a client, open their portal or share their link." />
      {current.query.isPending ? (
        <LoadingState label="Loading your clients..." />
      ) : current.query.isError ? (
        <LoadError title="Could not load your portals" error={current.query.error} onRetry={() => current.query.refetch()} />
      ) : !portal || !current.hasSource ? (
        <EmptyState icon={DatabaseIcon} title="No Data Source Connected" description="Connect the Google Sheet (or upload the CSV) that holds your client list to see your clients here.">
          <div className="flex flex-col items-center gap-3">
            <Button asChild>
              <Link to={paths.app.sheetsSetup}>Connect Google Sheet</Link>
            </Button>
            {portal ? <ManageInStatusLinkButton portalId={portal.portalId} hasClients={false} /> : null}
          </div>
        </EmptyState>
      ) : (
        <>
          <SyncProblemNotice portal={portal} />
          <ClientList portal={portal} />
        </>
      )}
    </>
  );
}

/** Waits until typing pauses before searching on the server. */
function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

function ClientList({ portal }: { portal: AppPortal }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const [selected, setSelected] = useState<ReadonlyMap<string, ClientRow>>(new Map());
  const [editing, setEditing] = useState<ClientFormTarget>(null);
  const managed = portal.source.type === 'managed';
  const [deleting, setDeleting] = useState<ClientRow | null>(null);
  const [inviting, setInviting] = useState<InviteTarget | null>(null);
  const timeZone = useBusinessTimeZone();
  const debounced = useDebounced(search.trim());
  const list = useQuery(clientsQueryOptions(portal.portalId, { search: debounced, status, page, pageSize: PAGE_SIZE }));
  const everyone = useQuery(clientsQueryOptions(portal.portalId, { search: '', status: '', page: 1, pageSize: 1 }));
  const companyName = typeof portal.config.companyName === 'string' && portal.config.companyName ? portal.config.companyName : portal.name;
  const configured = typeof portal.config.companyName === 'string' && portal.config.companyName.trim() !== '' && portal.config.companyName !== 'Your Company';

  useEffect(() => setPage(1), [debounced, status]);

  const total = everyone.data?.total ?? portal.clientCount;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="space-y-6">
      {!configured ? (
        <Alert>
          <AlertTriangleIcon aria-hidden="true" />
          <AlertTitle>Portal Not Configured</AlertTitle>
          <AlertDescription>
            Add your company name, colours and welcome message before sharing links.{' '}
            <Link to={paths.app.configurator} className="font-medium underline">
              Open the Portal Configurator
            </Link>
          </AlertDescription>
        </Alert>
      ) : null}

      <Card>
        <CardHeader className="gap-4">
          <div className="flex flex-col gap-3 md:flex-row md:items-end">
            <div className="flex-1">
              <Label htmlFor="client-search" className="mb-1.5 block">
                Search
              </Label>
              <div className="relative">
                <SearchIcon aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
                <Input
                  id="client-search"
                  type="search"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  placeholder="Name, email or status"
                  className="pl-9"
                />
              </div>
            </div>
            <div className="md:w-56">
              <Label htmlFor="status-filter" className="mb-1.5 block">
                Status
              </Label>
              <select
                id="status-filter"
                value={status}
                onChange={(e) => setStatus(e.target.value)}
                className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <option value="">All Statuses</option>
                {(everyone.data?.statuses ?? list.data?.statuses ?? []).map((s) => (
                  <option key={s} value={s}>
                    {s || 'Unknown'}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
            <p aria-live="polite" data-testid="showing-count">
              {list.data ? showingLabel({ matching: list.data.total, all: total, page, pageSize: PAGE_SIZE, onPage: list.data.clients.length }) : ' '}
              {list.isFetching ? <Spinner className="ml-2 inline" /> : null}
            </p>
            <p>Last updated: {updatedLabel(portal.sync.lastSyncedAt, timeZone)}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={selected.size === 0}
              onClick={() => setInviting({ kind: 'some', clientIds: [...selected.keys()], label: selected.size === 1 ? [...selected.values()][0]!.name : `${selected.size} clients` })}
            >
              <MailIcon aria-hidden="true" /> Invite selected{selected.size > 0 ? ` (${selected.size})` : ''}
            </Button>
            <Button size="sm" variant="outline" disabled={total === 0} onClick={() => setInviting({ kind: 'all', count: total })}>
              <MailIcon aria-hidden="true" /> Invite all
            </Button>
            <Link to={paths.app.notifications} className="text-sm text-link underline-offset-4 hover:underline">
              Client e-mail settings
            </Link>
          </div>
          {managed ? <ManagedClientToolbar portalId={portal.portalId} selected={[...selected.values()]} onAdd={() => setEditing('new')} onDone={() => setSelected(new Map())} /> : null}
        </CardHeader>
        <CardContent className="px-0 sm:px-0">
          {list.isPending ? (
            <LoadingState label="Loading clients..." />
          ) : list.isError ? (
            <div className="px-6">
              <LoadError title="Could not load the clients" error={list.error} onRetry={() => list.refetch()} />
            </div>
          ) : list.data.total === 0 ? (
            <div className="px-6">
              {total === 0 && managed ? (
                <EmptyState icon={UsersIcon} title="No Clients Yet" description="Add your first client with Add client, or send them through the API." />
              ) : total === 0 ? (
                <EmptyState icon={UsersIcon} title="No Clients Found" description="Your sheet has no client rows yet. Add clients to the sheet and they will appear here after the next sync." />
              ) : (
                <EmptyState icon={SearchIcon} title="No Matching Clients" description="No client matches this search or status. Try another search or choose All Statuses." />
              )}
            </div>
          ) : (
            <ClientTable
              rows={list.data.clients}
              portalId={portal.portalId}
              onShare={setSharing}
              selected={selected}
              onSelect={setSelected}
              {...(managed ? { onEdit: setEditing, onDelete: setDeleting } : {})}
            />
          )}
          {list.data && pages > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between gap-2 border-t border-border px-6 pt-4 text-sm">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </CardContent>
      </Card>

      <RemovedClients portalId={portal.portalId} sourceType={portal.source.type} />

      <Card>
        <CardHeader>
          <CardTitle>Data Source</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">{sourceLabel(portal.source)}</p>
            <p className="text-muted-foreground" data-testid="record-count">
              {total.toLocaleString()} {total === 1 ? 'record' : 'records'}
            </p>
          </div>
          <div className="flex flex-col gap-2 sm:items-end">
            <Button asChild variant="outline">
              <Link to={paths.app.sheetsSetup}>{managed ? 'Connect a Sheet or File' : 'Manage Connection'}</Link>
            </Button>
            {managed ? null : <ManageInStatusLinkButton portalId={portal.portalId} hasClients={total > 0} />}
          </div>
        </CardContent>
      </Card>

      <ClientFormDialog portalId={portal.portalId} target={editing} onClose={() => setEditing(null)} />
      <DeleteClientDialog portalId={portal.portalId} client={deleting} onClose={() => setDeleting(null)} />
      <ShareModal portalId={portal.portalId} companyName={companyName} client={sharing} onClose={() => setSharing(null)} />
      <InviteDialog
        portalId={portal.portalId}
        target={inviting}
        onClose={() => {
          setInviting(null);
          setSelected(new Map());
        }}
      />
    </div>
  );
}

function ClientTable({
  rows,
  portalId,
  onShare,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: {
  rows: ClientRow[];
  portalId: string;
  onShare: (c: ShareTarget) => void;
  selected: ReadonlyMap<string, ClientRow>;
  onSelect: (next: ReadonlyMap<string, ClientRow>) => void;
  /** A managed portal's row actions (issue 22). */
  onEdit?: (c: ClientRow) => void;
  onDelete?: (c: ClientRow) => void;
}) {
  const allOnPage = rows.length > 0 && rows.every((c) => selected.has(c.clientId));
  const toggle = (list: ClientRow[], on: boolean) => {
    const next = new Map(selected);
    for (const c of list) {
      if (on) next.set(c.clientId, c);
      else next.delete(c.clientId);
    }
    onSelect(next);
  };
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="border-b border-border text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="w-6 py-2 pl-3 sm:pl-6">
              <Checkbox aria-label="Select the clients on this page" checked={allOnPage} onCheckedChange={(on) => toggle(rows, on === true)} />
            </th>
            <th scope="col" className="py-2 pl-2 pr-1 sm:px-3">
              Client
            </th>
            <th scope="col" className="px-2 py-2">
              Status
            </th>
            <th scope="col" className="hidden px-3 py-2 md:table-cell">
              Priority
            </th>
            <th scope="col" className="hidden px-3 py-2 md:table-cell">
              Date
            </th>
            <th scope="col" className="px-4 py-2 text-right sm:px-6">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((c) => {
            const portalLink = portalId ? `${paths.portal(portalId)}?email=${encodeURIComponent(c.email)}` : null;
            return (
              <tr key={c.clientId}>
                <td className="py-3 pl-3 sm:pl-6">
                  <Checkbox aria-label={`Select ${c.name}`} checked={selected.has(c.clientId)} onCheckedChange={(on) => toggle([c], on === true)} />
                </td>
                <td className="py-3 pl-2 pr-1 sm:px-3">
                  <div className="flex items-center gap-3">
                    <span aria-hidden="true" className="hidden size-8 shrink-0 sm:flex items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground">
                      {(c.name.trim()[0] ?? '?').toUpperCase()}
                    </span>
                    <div className="min-w-0">
                      <Link to={paths.app.client(c.clientId)} className="block max-w-[5.5rem] truncate font-medium hover:underline sm:max-w-xs">
                        {c.name}
                      </Link>
                      <p className="max-w-[5.5rem] truncate text-xs text-muted-foreground sm:max-w-xs">{c.email}</p>
                    </div>
                  </div>
                </td>
                <td className="px-2 py-3">
                  <ClientStatusBadge status={c.status} />
                </td>
                <td className="hidden px-3 py-3 md:table-cell">{c.priority || '—'}</td>
                {/* A date read from the sheet as the rest of the app writes dates; text that is no date, as typed. */}
                <td className="hidden px-3 py-3 md:table-cell" title={c.dueDate && c.dueDateText !== c.dueDate ? c.dueDateText : undefined}>
                  {formatDueDate(c.dueDate, c.dueDateText)}
                </td>
                <td className="py-3 pl-2 pr-4 sm:px-6">
                  <div className="flex flex-col items-end gap-1.5 sm:flex-row sm:justify-end sm:gap-2">
                    {portalLink ? (
                      <Button asChild variant="outline" size="sm">
                        <a href={portalLink} target="_blank" rel="noreferrer noopener" aria-label={`View Portal for ${c.name}`}>
                          <ExternalLinkIcon aria-hidden="true" />
                          <span className="hidden lg:inline">View Portal</span>
                        </a>
                      </Button>
                    ) : (
                      <Button variant="outline" size="sm" disabled>
                        No Portal
                      </Button>
                    )}
                    <Button size="sm" onClick={() => onShare({ clientId: c.clientId, name: c.name, email: c.email })} aria-label={`Share with ${c.name}`}>
                      <Share2Icon aria-hidden="true" />
                      <span className="hidden lg:inline">Share</span>
                    </Button>
                    {onEdit ? (
                      <Button size="sm" variant="outline" onClick={() => onEdit(c)} aria-label={`Edit ${c.name}`}>
                        <PencilIcon aria-hidden="true" />
                      </Button>
                    ) : null}
                    {onDelete ? (
                      <Button size="sm" variant="outline" onClick={() => onDelete(c)} aria-label={`Delete ${c.name}`}>
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
