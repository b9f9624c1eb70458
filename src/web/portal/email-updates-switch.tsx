import { useState } from 'react';
import { setEmailUpdates } from './card-api';

/**
 * "E-mail me updates" on a verified card (issue 19): the client's own choice, saved at once. Only shown with an
 * access link or a verified code (the server refuses it otherwise).
 */
export function EmailUpdatesSwitch({ portalId, session, initial }: { portalId: string; session: string; initial: boolean }) {
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function change(next: boolean) {
    setOn(next);
    setBusy(true);
    setFailed(false);
    try {
      setOn(await setEmailUpdates(portalId, session, next));
    } catch {
      setOn(!next);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-6 border-t border-border pt-4">
      <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4 text-base font-medium">
        E-mail me updates
        <input type="checkbox" role="switch" className="size-5 accent-[var(--portal-primary)]" checked={on} disabled={busy} onChange={(e) => void change(e.target.checked)} />
      </label>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {failed ? 'Could not save. Please try again.' : on ? 'We e-mail you when your project moves.' : 'No update e-mails. Codes you ask for still come.'}
      </p>
    </div>
  );
}
