import { AlertTriangleIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';

/** A failed load with a retry. */
export function QueryError({ title, error, onRetry, retrying }: { title: string; error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center rounded-xl border border-destructive/40 bg-destructive-muted px-6 py-10 text-center">
      <AlertTriangleIcon aria-hidden="true" className="mb-3 size-8 text-destructive" />
      <h2 className="text-lg font-semibold text-foreground">{title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{errorMessage(error)}</p>
      <Button className="mt-5" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Try again'}
      </Button>
    </div>
  );
}
