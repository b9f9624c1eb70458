import { useState, type FormEvent } from 'react';
import type { ApiKeyScope } from '@core/api-keys';
import type { CreatedApiKey } from '@core/api/api-keys';
import { TextField } from '@web/components/text-field';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Dialog } from '@web/components/ui/dialog';
import { NativeSelect } from '@web/features/portals/components/native-select';
import { errorMessage } from '@web/lib/api-client';
import { useCreateApiKey } from '../api/api-keys';
import { expiryChoices, expiryFromChoice, type ExpiryChoice } from '../lib/expiry';
import { SecretBox } from './copy-button';

const scopeChoices: { value: ApiKeyScope; label: string; hint: string }[] = [
  { value: 'read', label: 'Read only', hint: 'GET requests: portals, clients, analytics.' },
  { value: 'write', label: 'Read and write', hint: 'Also adds, changes and deletes data.' },
];

/** "Create API key": name, scope and expiry; then the key, shown this once. */
export function CreateKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setCreated(null);
      setName('');
      setScope('read');
      setExpiry('never');
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, scope, expiresAt: expiryFromChoice(expiry, Date.now()) }, { onSuccess: setCreated });
  };

  if (created) {
    return (
      <Dialog open={open} onOpenChange={close} title="Your new API key" description="Copy it now: it is shown this once only. We keep only a hash of it.">
        <div className="space-y-4">
          <SecretBox value={created.key} label="API key" />
          <p className="text-sm text-muted-foreground">
            Send it as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>. Lost it? Revoke it and create another.
          </p>
          <div className="flex justify-end">
            <Button onClick={() => close(false)}>Done</Button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Create API key" description="For a script or another tool that reads or updates your portals.">
      <form className="space-y-4" onSubmit={submit} noValidate>
        <TextField id="api-key-name" label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} placeholder="e.g. Practice software sync" required />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Access</legend>
          {scopeChoices.map((choice) => (
            <label key={choice.value} className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary">
              <input type="radio" name="api-key-scope" value={choice.value} checked={scope === choice.value} onChange={() => setScope(choice.value)} className="mt-1 accent-primary" />
              <span>
                <span className="block text-sm font-medium">{choice.label}</span>
                <span className="block text-xs text-muted-foreground">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="space-y-2">
          <Label htmlFor="api-key-expiry">Expires</Label>
          <NativeSelect id="api-key-expiry" value={expiry} onChange={(e) => setExpiry(e.target.value as ExpiryChoice)}>
            {expiryChoices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        {create.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(create.error)}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create key'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
