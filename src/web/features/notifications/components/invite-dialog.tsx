import * as DialogPrimitive from '@radix-ui/react-dialog';
import { CheckIcon, MailIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/api-client';
import { useInviteClients } from '../api/notifications';

/** Who to invite: some clients by id (with how they are named), or all of the portal's. */
export type InviteTarget = { kind: 'some'; clientIds: string[]; label: string } | { kind: 'all'; count: number };

/**
 * "Invite clients" (issue 19): each client gets an e-mail in the business's name with their personal access link.
 * Existing links are kept unless new ones are asked for. Says how many went and why the others did not.
 */
export function InviteDialog({ portalId, target, onClose }: { portalId: string; target: InviteTarget | null; onClose: () => void }) {
  const invite = useInviteClients(portalId);
  const [rotate, setRotate] = useState(false);
  const close = () => {
    invite.reset();
    setRotate(false);
    onClose();
  };
  const who = target?.kind === 'all' ? `all ${target.count.toLocaleString()} clients` : (target?.label ?? '');
  const send = () => {
    if (!target) return;
    invite.mutate(target.kind === 'all' ? { all: true, rotateLinks: rotate } : { clientIds: target.clientIds, rotateLinks: rotate });
  };
  return (
    <DialogPrimitive.Root open={target !== null} onOpenChange={(open) => (open ? null : close())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-border bg-card text-card-foreground shadow-xl outline-none">
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-lg font-semibold">Invite {who}</DialogPrimitive.Title>
              <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
                Each client gets an e-mail from you with their personal link to follow their project.
              </DialogPrimitive.Description>
            </div>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <XIcon aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 space-y-4 overflow-y-auto px-5 py-4 text-sm">
            {invite.isSuccess ? (
              <>
                <p role="status" className="flex items-center gap-2 font-medium">
                  <CheckIcon aria-hidden="true" className="size-4 text-success" />
                  {invite.data.queued.toLocaleString()} {invite.data.queued === 1 ? 'invitation is' : 'invitations are'} on the way.
                </p>
                {invite.data.skipped.length > 0 ? (
                  <div>
                    <p className="mb-2 font-medium">Not invited ({invite.data.skipped.length.toLocaleString()}):</p>
                    <ul className="max-h-60 space-y-1.5 overflow-y-auto rounded-md border border-border p-3" data-testid="invite-skipped">
                      {invite.data.skipped.map((s) => (
                        <li key={s.clientId} className="break-words">
                          <span className="font-medium">{s.name || s.clientId}</span>
                          {s.email ? <span className="text-muted-foreground"> ({s.email})</span> : null}: {s.reason}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </>
            ) : (
              <div className="flex items-start gap-2">
                <Checkbox id="invite-rotate" checked={rotate} onCheckedChange={(on) => setRotate(on === true)} className="mt-0.5" />
                <Label htmlFor="invite-rotate" className="font-normal leading-snug">
                  Send new links (the links you shared before stop working)
                </Label>
              </div>
            )}
            {invite.isError ? (
              <Alert variant="destructive">
                <AlertDescription>{errorMessage(invite.error)}</AlertDescription>
              </Alert>
            ) : null}
          </div>
          <div className="flex justify-end gap-2 border-t border-border px-5 py-4">
            {invite.isSuccess ? (
              <Button onClick={close}>Done</Button>
            ) : (
              <>
                <Button variant="outline" onClick={close}>
                  Cancel
                </Button>
                <Button onClick={send} disabled={invite.isPending}>
                  {invite.isPending ? <Spinner className="size-4" /> : <MailIcon aria-hidden="true" />}
                  Send invitations
                </Button>
              </>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
