import { DatabaseIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { planAllows } from '@core/plan-features';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { UpgradeCard } from '@web/features/billing/components/upgrade-card';
import { useBusinessPlan } from '@web/features/billing/api/use-business-plan';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { errorMessage } from '@web/lib/api-client';
import { useBulkStatus, useDeleteManagedClient, useManageInStatusLink, type ClientRow } from '../api/clients';

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

/**
 * For a sheet, upload or empty portal: keep its clients in StatusLink from now on (asked once more before). On a plan
 * without it (below Business), what an upgrade adds instead.
 */
export function ManageInStatusLinkButton({ portalId, hasClients }: { portalId: string; hasClients: boolean }) {
  const [asking, setAsking] = useState(false);
  const change = useManageInStatusLink(portalId);
  const plan = useBusinessPlan();
  if (plan === undefined) return null;
  if (!planAllows(plan, 'managedClients')) return <UpgradeCard feature="managedClients" plan={plan} compact className="max-w-md text-left" />;
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

/** Delete a managed portal's client, asked first (it can be restored from Removed clients for 30 days). */
export function DeleteClientDialog({ portalId, client, onClose }: { portalId: string; client: ClientRow | null; onClose: () => void }) {
  const remove = useDeleteManagedClient(portalId);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={client !== null}
      title="Delete client"
      description={client ? `Delete ${client.name} (${client.email})? Their portal link stops working. You can restore them, with their history, from Removed clients for 30 days.` : undefined}
      confirmLabel="Delete client"
      pending={remove.isPending}
      error={remove.isError ? remove.error : null}
      onConfirm={() => client && remove.mutate(client.clientId, { onSuccess: close })}
      onCancel={close}
    />
  );
}
