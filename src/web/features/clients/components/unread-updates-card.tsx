import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientUpdate, ClientUpdateList } from '@core/api/clients';
import { MessageSquareIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { api } from '@web/lib/api-client';
import { paths } from '@web/lib/paths';
import { portalDataKey } from '../api/clients';

/** The portal's unread client updates (GET /api/v1/portals/{id}/updates?unread=true); marked read from the client's page. */
export function unreadUpdatesQueryOptions(portalId: string) {
  return queryOptions({
    queryKey: [...portalDataKey(portalId), 'updates', 'unread'] as const,
    queryFn: ({ signal }) => api.get<ClientUpdateList>(`/api/v1/portals/${encodeURIComponent(portalId)}/updates?unread=true`, { signal }),
  });
}

const MAX_SHOWN = 5;

/** Messages clients sent from the portal that nobody has read yet; hidden when there are none. */
export function UnreadUpdatesCard({ portalId }: { portalId: string }) {
  const unread = useQuery(unreadUpdatesQueryOptions(portalId));
  if (!unread.data || unread.data.unread === 0) return null;
  // One line per client (their newest message), so a chatty client does not hide the others.
  const byClient = new Map<string, ClientUpdate & { count: number }>();
  for (const u of unread.data.updates) {
    const seen = byClient.get(u.clientId);
    if (seen) seen.count += 1;
    else byClient.set(u.clientId, { ...u, count: 1 });
  }
  const rows = [...byClient.values()].slice(0, MAX_SHOWN);
  return (
    <Card data-testid="unread-updates-card">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <MessageSquareIcon aria-hidden="true" className="size-5 text-primary" /> Client Messages
        </CardTitle>
        <span className="rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200" data-testid="unread-updates-count">
          {unread.data.unread} unread
        </span>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border text-sm" aria-label="Unread messages by client">
          {rows.map((u) => (
            <li key={u.clientId} className="py-2.5">
              <Link to={paths.app.client(u.clientId)} className="font-medium hover:underline">
                {u.clientName || u.clientId}
              </Link>
              {u.count > 1 ? <span className="ml-2 text-xs text-muted-foreground">{u.count} messages</span> : null}
              <p className="truncate text-muted-foreground">{u.message}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
