import { DatabaseIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/api-client';
import { useBulkStatus, useManageInStatusLink, type ClientRow } from '../api/clients';

/** Add client and a status for every selected client at once (one all-or-nothing request), on a managed portal. */
export function ManagedClientToolbar({ portalId, selected, onAdd, onDone }: { portalId: string; selected: ClientRow[]; onAdd: () => void; onDone: () => void }) {
  const [status, setStatus] = useState('');
  const bulk = useBulkStatus(portalId);
  const apply = () => bulk.mutate({ rows: selected, status: status.trim() }, {
        onSuccess: () => {
          setStatus('');
          onDone();
        },
      });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <Button size="sm" onClick={onAdd}>
          <PlusIcon aria-hidden="true" /> Add client
        </Button>
        <div className="flex items-end gap-2">
          <div>
            <Label htmlFor="bulk-status" className="sr-only">
              New status for the selected clients
            </Label>
            <Input id="bulk-status" value={status} onChange={(e) => setStatus(e.target.value)} placeholder="New status" className="h-9 w-40" />
          </div>
          <Button size="sm" variant="outline" disabled={selected.length === 0 || status.trim() === '' || bulk.isPending} onClick={apply}>
            Set status{selected.length > 0 ? ` (${selected.length})` : ''}
          </Button>
        </div>
      </div>
      {bulk.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(bulk.error)}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

/** For a sheet, upload or empty portal: keep its clients in StatusLink from now on (asked once more before). */
export function ManageInStatusLinkButton({ portalId, hasClients }: { portalId: string; hasClients: boolean }) {
  const [asking, setAsking] = useState(false);
  const change = useManageInStatusLink(portalId);
  if (!asking) {
    return (
      <Button variant="outline" onClick={() => setAsking(true)}>
        <DatabaseIcon aria-hidden="true" /> Manage clients in StatusLink
      </Button>
    );
  }
  return (
    <div className="space-y-2 text-sm">
      <p>
        {hasClients
          ? 'Your clients are kept, with their links and history, and from now on you add and edit them here or through the API. The sheet or file is no longer read; connect it again at any time to make it the source.'
          : 'You will add and edit clients here or through the API instead of a sheet.'}
      </p>
      {change.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(change.error)}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex gap-2">
        <Button size="sm" disabled={change.isPending} onClick={() => change.mutate()}>
          Keep clients in StatusLink
        </Button>
        <Button size="sm" variant="outline" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
