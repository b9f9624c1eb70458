import { useQuery } from '@tanstack/react-query';
import { RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useBusinessTimeZone } from '@web/features/auth/api/use-me';
import { errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/date-time';
import { removedClientsQueryOptions, useRestoreClient } from '../api/clients';

const SHOWN = 20;

/** Clients the last syncs removed (kept 30 days): shown only when there are some, each with Restore. */
export function RemovedClients({ portalId, sourceType }: { portalId: string; sourceType: string }) {
  const removed = useQuery(removedClientsQueryOptions(portalId, 1, SHOWN));
  const restore = useRestoreClient(portalId);
  const timeZone = useBusinessTimeZone();
  const [note, setNote] = useState<string | null>(null);
  if (!removed.data || removed.data.total === 0) {
    return note ? (
      <Alert role="status">
        <AlertDescription>{note}</AlertDescription>
      </Alert>
    ) : null;
  }
  const source = sourceType === 'google_sheet' ? 'sheet' : 'file';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Removed clients ({removed.data.total})</CardTitle>
        <p className="text-sm text-muted-foreground">
          {sourceType === 'managed'
            ? 'Deleted here or through the API. They are kept for 30 days and can be restored as they were.'
            : `No longer in your ${source}. They are kept for 30 days. A restored client stays until the ${source} changes; add its row back to keep it.`}
        </p>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {note ? (
          <Alert role="status">
            <AlertDescription>{note}</AlertDescription>
          </Alert>
        ) : null}
        {restore.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(restore.error)}</AlertDescription>
          </Alert>
        ) : null}
        <ul className="divide-y divide-border">
          {removed.data.clients.map((c) => (
            <li key={c.clientId} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate font-medium">{c.name}</p>
                <p className="truncate text-xs text-muted-foreground">{c.email}</p>
                {/* On its own line: after a long address it was cut off on phones. */}
                {c.removedAt ? <p className="text-xs text-muted-foreground">Removed {formatDate(c.removedAt, timeZone)}</p> : null}
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={restore.isPending}
                aria-label={`Restore ${c.name}`}
                onClick={() => restore.mutate(c.clientId, { onSuccess: (r) => setNote(r.message) })}
              >
                <RotateCcwIcon aria-hidden="true" />
                Restore
              </Button>
            </li>
          ))}
        </ul>
        {removed.data.total > SHOWN ? <p className="text-muted-foreground">Showing the first {SHOWN}.</p> : null}
      </CardContent>
    </Card>
  );
}
