import * as DialogPrimitive from '@radix-ui/react-dialog';
import { XIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '@web/components/text-field';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/api-client';
import { useSaveManagedClient, type ClientRow, type ManagedClientInput } from '../api/clients';

/** The client being edited, or 'new' for Add client; null: closed. */
export type ClientFormTarget = ClientRow | 'new' | null;

const empty: ManagedClientInput & { clientId: string } = { clientId: '', name: '', email: '', status: 'Waiting', priority: '', dueDate: null, notes: '' };

const fieldsOf = (c: ClientRow) => ({ clientId: c.clientId, name: c.name, email: c.email, status: c.status, priority: c.priority, dueDate: c.dueDate, notes: c.notes });

/** Add or edit a client of a portal managed in StatusLink (issue 22): the server applies the sync's rules. */
export function ClientFormDialog({ portalId, target, onClose }: { portalId: string; target: ClientFormTarget; onClose: () => void }) {
  const isNew = target === 'new';
  const [form, setForm] = useState(empty);
  const save = useSaveManagedClient(portalId);
  const { reset } = save;
  useEffect(() => {
    setForm(target && target !== 'new' ? fieldsOf(target) : empty);
    reset();
  }, [target, reset]);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: field === 'dueDate' ? e.target.value || null : e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { clientId, ...fields } = form;
    save.mutate({ clientId: clientId.trim(), isNew, fields }, { onSuccess: onClose });
  };
  return (
    <DialogPrimitive.Root open={target !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-border bg-card text-card-foreground shadow-xl outline-none">
          <div className="flex items-start justify-between gap-4 border-b border-border p-5">
            <div>
              <DialogPrimitive.Title className="text-lg font-semibold">{isNew ? 'Add client' : 'Edit client'}</DialogPrimitive.Title>
              <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
                {isNew ? 'The client can look themselves up with this e-mail address.' : `Client ID ${form.clientId}`}
              </DialogPrimitive.Description>
            </div>
            <DialogPrimitive.Close className="rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring" aria-label="Close">
              <XIcon className="size-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <form onSubmit={submit} className="space-y-4 overflow-y-auto p-5">
            {save.isError ? (
              <Alert variant="destructive">
                <AlertDescription>{errorMessage(save.error)}</AlertDescription>
              </Alert>
            ) : null}
            {isNew ? <TextField id="client-id" label="Client ID (optional)" value={form.clientId} onChange={set('clientId')} hint="Letters, digits and . _ : - ; one is made up when left empty." /> : null}
            <TextField id="client-name" label="Name" required value={form.name} onChange={set('name')} />
            <TextField id="client-email" label="Email" type="email" required value={form.email} onChange={set('email')} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField id="client-status" label="Status" required value={form.status} onChange={set('status')} />
              <TextField id="client-priority" label="Priority" value={form.priority} onChange={set('priority')} placeholder="High, Normal, Low" />
            </div>
            <TextField id="client-due" label="Due date" type="date" value={form.dueDate ?? ''} onChange={set('dueDate')} />
            <div className="space-y-2">
              <Label htmlFor="client-notes">Notes</Label>
              <textarea
                id="client-notes"
                value={form.notes}
                onChange={set('notes')}
                rows={3}
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              />
            </div>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {isNew ? 'Add client' : 'Save changes'}
              </Button>
            </div>
          </form>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
