import { Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { errorMessage } from '@web/lib/api-client';

/**
 * Asks before a destructive action: what will happen, Cancel, and the action's own button (which names it). The
 * action's failure is shown in the dialog, which stays open so nothing is lost.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())} title={title} description={description}>
      {error ? (
        <Alert variant="destructive" className="mb-4">
          <AlertDescription>{errorMessage(error)}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={pending}>
          {pending ? <Spinner /> : <Trash2Icon aria-hidden="true" />} {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
