import { AlertTriangleIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';

/** Shown when the session could not be checked (server unreachable, 5xx): never guess either way. */
export function SessionError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <div role="alert" className="w-full max-w-md rounded-xl border border-border bg-card p-6 text-center shadow-sm">
        <AlertTriangleIcon aria-hidden="true" className="mx-auto mb-3 size-8 text-destructive" />
        <h1 className="text-lg font-semibold">We could not check your session</h1>
        <p className="mt-2 text-sm text-muted-foreground">{errorMessage(error)}</p>
        <Button className="mt-5" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying...' : 'Try again'}
        </Button>
      </div>
    </div>
  );
}
