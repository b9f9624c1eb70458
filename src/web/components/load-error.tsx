import { RotateCcwIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';

/** The error state of a screen or panel whose data did not load: what failed, why, and a way to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => unknown }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{errorMessage(error)}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void onRetry()}>
          <RotateCcwIcon aria-hidden="true" /> Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
