import { useId, useState, type FormEvent } from 'react';
import { portalMessages } from '@core/portal-texts';
import { ApiError, type LookupAnswer } from './api';
import { askTextCode, setTextUpdates } from './card-api';
import { primaryButton, secondaryButton, textInput } from './styles';

type TextUpdates = NonNullable<LookupAnswer['textUpdates']>;

/** The server's own words for a refusal (wrong code, too soon, STOP on record), else the spec's message. */
const problemOf = (err: unknown) => (err instanceof ApiError && err.status > 0 && err.message ? err.message : portalMessages.unexpected);

/**
 * "Text me urgent updates" on a verified card (issue 19 item 7): the client asks for a code texted to the number the
 * business has, enters it, and has agreed to texts. Only shown when texts can reach them (the server decides).
 */
export function TextUpdatesSection({ portalId, session, initial }: { portalId: string; session: string; initial: TextUpdates }) {
  const id = useId();
  const [state, setState] = useState(initial);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function run(step: () => Promise<void>) {
    setBusy(true);
    setError('');
    try {
      await step();
    } catch (err) {
      setError(problemOf(err));
    } finally {
      setBusy(false);
    }
  }
  const askCode = () => run(async () => setChallenge((await askTextCode(portalId, session)).challenge));
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      setState(await setTextUpdates(portalId, { session, texts: true, challenge: challenge!, code: code.trim() }));
      setChallenge(null);
      setCode('');
    });
  };
  const stop = () => run(async () => setState(await setTextUpdates(portalId, { session, texts: false })));

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 border-t border-border pt-4" data-testid="text-updates">
      <h3 id={`${id}-title`} className="text-base font-medium">
        Text me urgent updates
      </h3>
      {state.consent === 'given' ? (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p>Urgent updates are texted to {state.phone}.</p>
          <button type="button" className={secondaryButton} onClick={() => void stop()} disabled={busy}>
            Stop texts
          </button>
        </div>
      ) : state.consent === 'stopped' ? (
        <p className="mt-1 text-sm text-muted-foreground">You replied STOP to our texts. Reply START to our number to get them again.</p>
      ) : challenge ? (
        <form onSubmit={confirm} className="mt-2 flex flex-wrap items-end gap-3" noValidate>
          <label className="grow text-sm">
            Code sent to {state.phone}
            <input className={`${textInput} mt-1`} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
          </label>
          <button type="submit" className={primaryButton} disabled={busy || code.trim().length !== 6}>
            Confirm
          </button>
        </form>
      ) : (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-muted-foreground">We text {state.phone} when something urgent happens. Reply STOP at any time.</p>
          <button type="button" className={secondaryButton} onClick={() => void askCode()} disabled={busy}>
            Text me a code
          </button>
        </div>
      )}
      {error ? (
        <p className="mt-2 text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
