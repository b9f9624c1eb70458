import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MailIcon, SpinnerIcon } from './icons';
import { card, primaryButton, secondaryButton, textInput } from './styles';

/** The verification step (D3): the 6-digit code e-mailed to the client. */
export function CodeForm({
  message,
  demoCode,
  error,
  verifying,
  resending,
  onSubmit,
  onResend,
  onCancel,
}: {
  message: string;
  /** The demo portal shows its code instead of e-mailing it. */
  demoCode?: string;
  error: string;
  verifying: boolean;
  resending: boolean;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  const digits = code.replace(/\D/g, '');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (digits.length === 6 && !verifying) onSubmit(digits);
  }

  return (
    <section aria-labelledby={`${id}-title`} className={`${card} p-5 sm:p-7`}>
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-full bg-[var(--portal-primary)]/10 text-[var(--portal-accent)] dark:text-[var(--portal-accent-dark)]">
          <MailIcon className="size-5" />
        </span>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Check your e-mail
        </h2>
      </div>
      <p className="mt-3 text-sm text-muted-foreground">{message}</p>
      {demoCode ? (
        <p className="mt-3 rounded-lg border border-dashed border-border px-3 py-2 text-sm">
          Demo portal: no e-mail is sent. Your code is <strong className="font-mono tracking-widest">{demoCode}</strong>
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-5" noValidate>
        <label htmlFor={`${id}-code`} className="text-sm font-medium">
          6-digit code
        </label>
        <input
          ref={input}
          id={`${id}-code`}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/[^\d\s]/g, '').slice(0, 7))}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={7}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${textInput} mt-2 max-w-48 text-center font-mono text-xl tracking-[0.4em]`}
        />
        <div aria-live="assertive">
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <div className="mt-5 flex flex-wrap gap-3">
          <button type="submit" className={primaryButton} disabled={digits.length !== 6 || verifying}>
            {verifying ? <SpinnerIcon /> : null}
            {verifying ? 'Checking...' : 'Verify'}
          </button>
          <button type="button" className={secondaryButton} onClick={onResend} disabled={resending}>
            {resending ? <SpinnerIcon /> : null}
            Send a new code
          </button>
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Search for a different project
          </button>
        </div>
      </form>
    </section>
  );
}
