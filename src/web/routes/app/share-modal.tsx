import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, CopyIcon, ExternalLinkIcon, MailIcon, Share2Icon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useBusinessTimeZone } from '@web/features/auth/api/use-me';
import { accessLinkQueryOptions, useRotateAccessLink } from '@web/features/clients/api/clients';
import { errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/date-time';
import { paths } from '@web/lib/paths';

/** How long 'Copied!' shows (spec 9: copy confirmation 2 s). */
const COPY_CONFIRMATION_MS = 2000;

export interface ShareTarget {
  clientId: string;
  name: string;
  email: string;
}

type LinkKind = 'personal' | 'general';

/** The text of the e-mail to the client (also what 'Copy Email Text' copies). */
export function shareEmailText(name: string, link: string, companyName: string): string {
  const greeting = name.trim() ? `Hi ${name.trim()},` : 'Hello,';
  return `${greeting}\n\nYou can check the status of your project with us at any time here:\n${link}\n\nBest regards,\n${companyName}`;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** 'Share Portal Access' (spec 2.15, D3): a personalised access link by default, or the general link. */
export function ShareModal({
  portalId,
  companyName,
  client,
  onClose,
}: {
  portalId: string;
  companyName: string;
  client: ShareTarget | null;
  onClose: () => void;
}) {
  return (
    <DialogPrimitive.Root open={client !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-border bg-card text-card-foreground shadow-xl outline-none">
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-lg font-semibold">Share Portal Access</DialogPrimitive.Title>
              <DialogPrimitive.Description className="mt-1 truncate text-sm text-muted-foreground">
                {client ? `${client.name} · ${client.email}` : ''}
              </DialogPrimitive.Description>
            </div>
            <DialogPrimitive.Close className="rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring" aria-label="Close">
              <XIcon aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
            {client ? <ShareBody key={client.clientId} portalId={portalId} companyName={companyName} client={client} /> : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function ShareBody({ portalId, companyName, client }: { portalId: string; companyName: string; client: ShareTarget }) {
  const [kind, setKind] = useState<LinkKind>('personal');
  const [personalUrl, setPersonalUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState<'link' | 'text' | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const timeZone = useBusinessTimeZone();
  const timer = useRef<number | undefined>(undefined);
  const link = useQuery(accessLinkQueryOptions(portalId, client.clientId));
  const rotate = useRotateAccessLink(portalId, client.clientId);
  const { mutate: rotateNow, isPending: rotating, isIdle: rotateIdle } = rotate;

  // No access link yet: make one (nothing is replaced). An existing link's address is not stored, so the owner
  // chooses to make a new one (which stops the old one).
  useEffect(() => {
    if (link.data && !link.data.active && rotateIdle && !rotating) rotateNow(undefined, { onSuccess: (made) => setPersonalUrl(made.url) });
  }, [link.data, rotateIdle, rotating, rotateNow]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const generalUrl = `${window.location.origin}${paths.portal(portalId)}`;
  const url = kind === 'general' ? generalUrl : personalUrl;
  const emailText = url ? shareEmailText(client.name, url, companyName) : '';

  const confirm = (what: 'link' | 'text', ok: boolean) => {
    setCopyFailed(!ok);
    if (!ok) return;
    setCopied(what);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(null), COPY_CONFIRMATION_MS);
  };

  const share = async () => {
    if (!url) return;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${companyName} project status`, text: emailText, url });
      } catch {
        // Cancelled by the user: nothing to do.
      }
      return;
    }
    confirm('link', await copyText(url));
  };

  const mailto = url
    ? `mailto:${encodeURIComponent(client.email)}?subject=${encodeURIComponent(`Your project status with ${companyName}`)}&body=${encodeURIComponent(emailText)}`
    : undefined;

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Link type</legend>
        <div className="grid grid-cols-2 gap-2" role="radiogroup">
          {(['personal', 'general'] as const).map((k) => (
            <label
              key={k}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${kind === k ? 'border-primary bg-accent' : 'border-border'}`}
            >
              <input type="radio" name="link-kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="accent-primary" />
              {k === 'personal' ? 'Personalised link' : 'General link'}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="space-y-2">
        <Label htmlFor="share-link">Portal link</Label>
        {url ? (
          <div className="flex gap-2">
            <Input id="share-link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="min-w-0 font-mono text-xs" />
            <Button type="button" variant="outline" onClick={() => void copyText(url).then((ok) => confirm('link', ok))} aria-label="Copy link">
              {copied === 'link' ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              <span className="hidden sm:inline">{copied === 'link' ? 'Copied!' : 'Copy'}</span>
            </Button>
          </div>
        ) : link.isError || rotate.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(link.error ?? rotate.error)}</AlertDescription>
          </Alert>
        ) : link.data?.active && !rotating ? (
          <div className="rounded-lg border border-border p-3 text-sm">
            <p>This client already has an access link (made {formatDate(link.data.createdAt ?? '', timeZone)}). For safety its address is shown only once.</p>
            <Button type="button" size="sm" className="mt-2 h-auto whitespace-normal py-1.5 text-left" onClick={() => rotateNow(undefined, { onSuccess: (made) => setPersonalUrl(made.url) })}>
              Make a new link (the old one stops working)
            </Button>
          </div>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Preparing the link...
          </p>
        )}
        <p aria-live="polite" className="min-h-5 text-sm text-green-700 dark:text-green-400">
          {copied === 'link' ? 'Link copied to clipboard' : copied === 'text' ? 'Email text copied to clipboard' : ''}
        </p>
        {copyFailed ? <p className="text-sm text-destructive">Copying is not allowed here: select the link and copy it yourself.</p> : null}
      </div>

      <div className="grid gap-2 sm:grid-cols-2">
        {/* No link to show yet (or only once, already shown): real disabled buttons, not links to "#". */}
        {url ? (
          <Button asChild variant="outline">
            <a href={url} target="_blank" rel="noreferrer noopener">
              <ExternalLinkIcon aria-hidden="true" /> Open in new tab
            </a>
          </Button>
        ) : (
          <Button type="button" variant="outline" disabled>
            <ExternalLinkIcon aria-hidden="true" /> Open in new tab
          </Button>
        )}
        {mailto ? (
          <Button asChild variant="outline">
            <a href={mailto}>
              <MailIcon aria-hidden="true" /> Email to Client
            </a>
          </Button>
        ) : (
          <Button type="button" variant="outline" disabled>
            <MailIcon aria-hidden="true" /> Email to Client
          </Button>
        )}
        <Button type="button" variant="outline" disabled={!url} onClick={() => void share()}>
          <Share2Icon aria-hidden="true" /> Share
        </Button>
        <Button type="button" variant="outline" disabled={!url} onClick={() => void copyText(emailText).then((ok) => confirm('text', ok))}>
          <CopyIcon aria-hidden="true" /> {copied === 'text' ? 'Copied!' : 'Copy Email Text'}
        </Button>
      </div>

      <p className="rounded-lg bg-muted p-3 text-xs text-muted-foreground">
        A personalised link opens this client&apos;s project straight away. A general link asks the client to enter their email
        address.
      </p>
    </div>
  );
}
