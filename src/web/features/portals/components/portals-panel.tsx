import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '@core/messages';
import { FieldError } from '@web/components/field-error';
import { Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/api-client';
import { paths } from '@web/lib/paths';
import { portalsQueryOptions } from '../api/portals';
import type { Portal } from '../api/types';
import { useCreatePortal } from '../api/use-create-portal';
import { useDeletePortal } from '../api/use-delete-portal';
import { useUpdatePortal } from '../api/use-update-portal';
import { formatCount } from '../lib/format';
import { sourceLabel } from '../lib/source-label';
import { Dialog } from '@web/components/ui/dialog';
import { ConfirmDialog } from '@web/components/confirm-dialog';

/** The business's portals: choose the one to set up, create one (within the plan), rename, delete. */
export function PortalsPanel({ currentId, onSelect }: { currentId: string | null; onSelect: (portalId: string) => void }) {
  const list = useQuery(portalsQueryOptions());
  const create = useCreatePortal();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Portal | null>(null);
  const [deleting, setDeleting] = useState<Portal | null>(null);
  const data = list.data;
  const limit = data?.plan.portalLimit;

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>Your Portals</CardTitle>
          <CardDescription>
            {data
              ? `${data.plan.name} plan: ${limit === null ? `${data.total} ${data.total === 1 ? 'portal' : 'portals'}, no limit` : `${data.total} of ${limit} ${limit === 1 ? 'portal' : 'portals'} used`}.`
              : 'Each portal has its own client sheet, branding and link.'}
          </CardDescription>
        </div>
        <Button size="sm" onClick={() => setCreating(true)} disabled={!data?.canAddPortal}>
          <PlusIcon aria-hidden="true" /> New Portal
        </Button>
      </CardHeader>
      <CardContent className="space-y-3">
        {data?.limitMessage ? (
          <Alert>
            <AlertDescription>
              {data.limitMessage}{' '}
              <Link to={paths.pricing} className="font-medium text-link underline underline-offset-4">
                Compare plans
              </Link>
            </AlertDescription>
          </Alert>
        ) : null}
        {list.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(list.error)}</AlertDescription>
          </Alert>
        ) : null}
        {list.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading portals...
          </p>
        ) : null}
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Portals">
          {data?.portals.map((p) => {
            const current = p.portalId === currentId;
            return (
              <li key={p.portalId} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="truncate">{p.name}</span>
                    {current ? <Badge variant="info">Selected</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {sourceLabel(p.source)}
                    {p.source.type !== 'none' ? ` · ${formatCount(p.clientCount)} ${p.clientCount === 1 ? 'client' : 'clients'}` : ''}
                    {' · '}
                    <span className="font-mono text-xs">{p.portalId}</span>
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {!current ? (
                    <Button variant="outline" size="sm" onClick={() => onSelect(p.portalId)} aria-label={`Select ${p.name}`}>
                      <CheckIcon aria-hidden="true" /> Select
                    </Button>
                  ) : null}
                  <Button variant="outline" size="sm" onClick={() => setRenaming(p)} aria-label={`Rename ${p.name}`}>
                    <PencilIcon aria-hidden="true" /> Rename
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>
                    <Trash2Icon aria-hidden="true" /> Delete
                  </Button>
                </div>
              </li>
            );
          })}
          {data && data.portals.length === 0 ? <li className="p-3 text-sm text-muted-foreground">No portals yet. Create one to connect your client sheet.</li> : null}
        </ul>
      </CardContent>

      <NameDialog
        open={creating}
        onOpenChange={setCreating}
        title="New Portal"
        description="Give the portal a name you will recognise, e.g. the office or service it is for."
        submitLabel="Create Portal"
        pending={create.isPending}
        error={create.isError ? errorMessage(create.error) : undefined}
        onSubmit={(name) =>
          create.mutate(name, {
            onSuccess: (p) => {
              setCreating(false);
              onSelect(p.portalId);
            },
          })
        }
        allowEmpty
      />
      {renaming ? <RenameDialog portal={renaming} onClose={() => setRenaming(null)} /> : null}
      {deleting ? (
        <DeleteDialog
          portal={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            const next = data?.portals.find((p) => p.portalId !== deleting.portalId);
            if (deleting.portalId === currentId && next) onSelect(next.portalId);
          }}
        />
      ) : null}
    </Card>
  );
}

function NameDialog(props: Omit<PortalNameFormProps, 'onCancel'> & { open: boolean; onOpenChange: (open: boolean) => void; title: string; description: string }) {
  const { open, onOpenChange, title, description, ...form } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <PortalNameForm {...form} onCancel={() => onOpenChange(false)} autoFocus />
    </Dialog>
  );
}

interface PortalNameFormProps {
  submitLabel: string;
  initial?: string;
  pending: boolean;
  error?: string;
  /** An empty name lets the server name the portal (placeholder shows the name it gives). */
  allowEmpty?: boolean;
  autoFocus?: boolean;
  onSubmit: (name: string) => void;
  onCancel?: () => void;
}

/** The portal's name, asked for before it is created or renamed ('Portal name is required' unless allowEmpty). */
export function PortalNameForm(props: PortalNameFormProps) {
  const [name, setName] = useState(props.initial ?? '');
  const [localError, setLocalError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!props.allowEmpty && name.trim() === '') {
      setLocalError(messages.portals.nameRequired);
      return;
    }
    props.onSubmit(name);
  };
  const error = localError ?? props.error;
  return (
    <form onSubmit={submit} className="w-full space-y-4 text-left" noValidate>
      <div className="space-y-2">
        <Label htmlFor="portal-name">Portal name</Label>
        <Input
          id="portal-name"
          value={name}
          maxLength={100}
          placeholder={props.allowEmpty ? messages.portals.defaultName : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setLocalError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'portal-name-error' : undefined}
          autoFocus={props.autoFocus}
        />
        <FieldError id="portal-name-error" message={error} />
      </div>
      <div className="flex justify-end gap-2">
        {props.onCancel ? (
          <Button variant="outline" onClick={props.onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={props.pending}>
          {props.pending ? <Spinner /> : null} {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}

function RenameDialog({ portal, onClose }: { portal: Portal; onClose: () => void }) {
  const update = useUpdatePortal(portal.portalId);
  return (
    <NameDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Rename Portal"
      description={`The portal link (${portal.portalPath}) stays the same.`}
      submitLabel="Save Name"
      initial={portal.name}
      pending={update.isPending}
      error={update.isError ? errorMessage(update.error) : undefined}
      onSubmit={(name) => update.mutate({ name }, { onSuccess: onClose })}
    />
  );
}

function DeleteDialog({ portal, onClose, onDeleted }: { portal: Portal; onClose: () => void; onDeleted: () => void }) {
  const del = useDeletePortal();
  const remove = useMutation({
    mutationFn: () => del.mutateAsync(portal.portalId),
    onSuccess: () => {
      onDeleted();
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      title="Delete Portal"
      description={messages.portals.deleteConfirm(portal.name)}
      confirmLabel="Delete Portal"
      pending={remove.isPending}
      error={remove.isError ? remove.error : null}
      onConfirm={() => remove.mutate()}
      onCancel={onClose}
    />
  );
}
