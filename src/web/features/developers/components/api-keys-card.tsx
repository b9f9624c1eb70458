import { useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import type { ApiKeyView } from '@core/api/api-keys';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { LoadingState } from '@web/components/spinner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { formatDate, formatDateTime } from '@web/lib/date-time';
import { apiKeysQueryOptions, useRevokeApiKey } from '../api/api-keys';
import { CreateKeyDialog } from './create-key-dialog';

const stateBadge = {
  active: { label: 'Active', variant: 'success' },
  revoked: { label: 'Revoked', variant: 'secondary' },
  expired: { label: 'Expired', variant: 'warning' },
} as const;

/** Developers > API keys: the business's keys with their last use; create and revoke. */
export function ApiKeysCard({ timeZone }: { timeZone?: string }) {
  const keys = useQuery(apiKeysQueryOptions());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  let body;
  if (keys.isPending) body = <LoadingState label="Loading API keys..." />;
  else if (keys.isError) body = <LoadError title="Could not load the API keys" error={keys.error} onRetry={() => void keys.refetch()} />;
  else if (keys.data.keys.length === 0) {
    body = <EmptyState icon={KeyRoundIcon} title="No API keys yet" description="Create a key to read or update your portals and clients from another tool." headingLevel={3} />;
  } else {
    body = (
      <ul className="divide-y divide-border rounded-lg border border-border" aria-label="API keys">
        {keys.data.keys.map((key) => (
          <li key={key.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium [overflow-wrap:anywhere]">{key.name}</span>
                <Badge variant={stateBadge[key.state].variant}>{stateBadge[key.state].label}</Badge>
                <Badge variant="outline">{key.scope === 'write' ? 'Read and write' : 'Read only'}</Badge>
              </div>
              <p className="font-mono text-xs text-muted-foreground">{key.prefix}…</p>
              <p className="text-xs text-muted-foreground">
                Created {formatDate(key.createdAt, timeZone)}
                {key.expiresAt ? ` · ${key.state === 'expired' ? 'Expired' : 'Expires'} ${formatDate(key.expiresAt, timeZone)}` : ' · No expiry'}
                {key.revokedAt ? ` · Revoked ${formatDate(key.revokedAt, timeZone)}` : ''}
              </p>
              <p className="text-xs text-muted-foreground">
                {key.lastUsedAt ? `Last used ${formatDateTime(key.lastUsedAt, timeZone)} from ${key.lastUsedIp ?? 'an unknown address'}` : 'Never used'}
              </p>
            </div>
            {key.state === 'active' ? (
              <Button variant="outline" size="sm" className="self-start sm:self-center" onClick={() => setRevoking(key)}>
                Revoke
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>API keys</CardTitle>
          <CardDescription>Keys let scripts and other tools call the StatusLink API for your business. Keep them secret.</CardDescription>
        </div>
        <Button size="sm" onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" /> Create API key
        </Button>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <CreateKeyDialog open={creating} onOpenChange={setCreating} />
      <RevokeDialog target={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}

function RevokeDialog({ target, onClose }: { target: ApiKeyView | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={target !== null}
      title="Revoke this key?"
      description={target ? `"${target.name}" stops working at once. Anything using it will get 401 errors.` : undefined}
      confirmLabel="Revoke key"
      pending={revoke.isPending}
      error={revoke.isError ? revoke.error : null}
      onConfirm={() => target && revoke.mutate(target.id, { onSuccess: close })}
      onCancel={close}
    />
  );
}
