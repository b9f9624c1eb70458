import { useId, useState, type FormEvent } from 'react';
import { MAINTENANCE_ERROR } from '@core/api/error-codes';
import { CLIENT_UPDATE_MAX_LENGTH, portalMessages, portalTexts } from '@core/portal-texts';
import { ApiError, sendUpdate } from './api';
import { CheckIcon, SpinnerIcon } from './icons';
import { primaryButton, secondaryButton } from './styles';

/**
 * The card's update section (issue 5, item 3): a verified client writes a short update or question. Without a
 * verified card the client first asks for an e-mailed code.
 */
export function UpdateSection({
  portalId,
  session,
  onVerify,
  verifying,
}: {
  portalId: string;
  session: string | null;
  onVerify: () => void;
  verifying: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!session || sending) return;
    if (text.trim().length === 0) {
      setError(portalTexts.updateEmpty);
      return;
    }
    setSending(true);
    setError('');
    try {
      await sendUpdate(portalId, session, text);
      setSent(true);
      setText('');
    } catch (err) {
      // The server's own words for a refusal, and for maintenance (503 'maintenance'); else the spec's message.
      const known = err instanceof ApiError && ((err.status > 0 && err.status < 500) || err.code === MAINTENANCE_ERROR) && err.message;
      setError(known ? err.message : portalMessages.unexpected);
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 border-t border-border pt-6">
      <h3 id={`${id}-title`} className="text-base font-semibold">
        Send an update or question
      </h3>
      {!session ? (
        <div className="mt-2">
          <p className="text-sm text-muted-foreground">{portalTexts.updateNeedsVerification}</p>
          <button type="button" className={`${secondaryButton} mt-3`} onClick={onVerify} disabled={verifying}>
            {verifying ? <SpinnerIcon /> : null}
            {verifying ? 'Sending code...' : 'Send me a code'}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} className="mt-3" noValidate>
          <label htmlFor={`${id}-text`} className="sr-only">
            Your message
          </label>
          <textarea
            id={`${id}-text`}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setSent(false);
              if (error) setError('');
            }}
            maxLength={CLIENT_UPDATE_MAX_LENGTH}
            rows={3}
            placeholder="Write a short update or question for the team"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help`}
            className="block w-full rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus:border-[var(--portal-ring)] focus:outline-2 focus:outline-offset-0 focus:outline-[var(--portal-ring)]"
          />
          <p id={`${id}-help`} className="mt-1 text-xs text-muted-foreground">
            {text.length}/{CLIENT_UPDATE_MAX_LENGTH}
          </p>
          <div aria-live="polite" className="min-h-0">
            {error ? (
              <p role="alert" className="mt-2 text-sm text-destructive">
                {error}
              </p>
            ) : null}
            {sent ? (
              <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-success">
                <CheckIcon /> {portalTexts.updateSent}
              </p>
            ) : null}
          </div>
          <button type="submit" className={`${primaryButton} mt-3`} disabled={sending || text.trim().length === 0}>
            {sending ? <SpinnerIcon /> : null}
            {sending ? 'Sending...' : 'Send message'}
          </button>
        </form>
      )}
    </section>
  );
}
