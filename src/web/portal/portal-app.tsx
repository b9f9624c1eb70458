import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { portalMessages, portalTexts } from '@core/portal-texts';
import { ApiError, fetchMaintenance, fetchPortal, isMaintenance, lookup, type LookupAnswer, type LookupBody, type LookupResult, type PublicPortal } from './api';
import { CodeForm } from './code-form';
import { AlertIcon, ArrowLeftIcon, InfoIcon, SearchIcon, SpinnerIcon } from './icons';
import { PortalMaintenancePage } from './maintenance-page';
import { PortalShell } from './portal-shell';
import { ResultCard } from './result-card';
import { canSearch, longEnough } from './search-rules';
import { usePortalFavicon } from './favicon';
import { card, primaryButton, secondaryButton, textInput } from './styles';

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'maintenance'; message: string; platformName: string }
  | { status: 'loaded'; data: PublicPortal };

/** While the maintenance page shows, how often the page asks whether maintenance is over (then reloads the portal). */
const MAINTENANCE_POLL_MS = 30_000;

type Step =
  | { view: 'search' }
  | { view: 'code'; query: string; purpose: 'view' | 'update'; message: string; demoCode?: string }
  | { view: 'card'; answer: LookupAnswer; request: LookupBody; query: string | null };

type Busy = null | 'search' | 'refresh' | 'verify' | 'resend' | 'update-code';

const sessionKey = (portalId: string) => `statuslink-portal-session:${portalId}`;

function remember(portalId: string, session: string | undefined) {
  try {
    if (session) sessionStorage.setItem(sessionKey(portalId), session);
    else sessionStorage.removeItem(sessionKey(portalId));
  } catch {
    // Storage may be unavailable; the card then lasts for this page only.
  }
}

function remembered(portalId: string): string | null {
  try {
    return sessionStorage.getItem(sessionKey(portalId));
  } catch {
    return null;
  }
}

/** The message for a failed lookup: the spec's two messages, or the server's own words for the known cases. */
function errorText(result: Extract<LookupResult, { kind: 'error' }>): string {
  if (result.status === 404) return portalMessages.notFound;
  if (result.status >= 400 && result.status < 500 && result.message) return result.message;
  if (result.status === 503 && result.message) return result.message;
  return portalMessages.unexpected;
}

/** The public client portal (spec 2.17; decisions D3): /portal/{portalId}. */
export function PortalApp({ portalId }: { portalId: string }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [step, setStep] = useState<Step>({ view: 'search' });
  const [query, setQuery] = useState('');
  const [error, setError] = useState('');
  const [codeError, setCodeError] = useState('');
  const [searched, setSearched] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const autoRan = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchPortal(portalId, controller.signal)
      .then((data) => setLoad(data ? { status: 'loaded', data } : { status: 'missing' }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        // Maintenance (503 'maintenance') shows the platform's maintenance page; anything else the spec's message.
        if (err instanceof ApiError && isMaintenance(err)) setLoad({ status: 'maintenance', message: err.message, platformName: '' });
        else setLoad({ status: 'failed', message: portalMessages.unexpected });
      });
    return () => controller.abort();
  }, [portalId, attempt]);

  // On the maintenance page: the platform's name and message, then a check every 30 s; when maintenance is over
  // the portal loads again (keeping the visitor's search or card).
  const inMaintenance = load.status === 'maintenance';
  useEffect(() => {
    if (!inMaintenance) return;
    const controller = new AbortController();
    const check = async () => {
      const state = await fetchMaintenance(controller.signal);
      if (controller.signal.aborted || !state) return;
      if (!state.maintenanceMode) {
        // Back: the maintenance message of the failed lookup goes, the portal loads again.
        setError('');
        setCodeError('');
        setAttempt((n) => n + 1);
      }
      else setLoad({ status: 'maintenance', message: state.message, platformName: state.platformName });
    };
    void check();
    const timer = setInterval(() => void check(), MAINTENANCE_POLL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [inMaintenance]);

  /** One lookup; the platform's maintenance answer switches the whole page to the maintenance page. */
  const ask = useCallback(
    async (body: LookupBody): Promise<LookupResult> => {
      const result = await lookup(portalId, body);
      if (result.kind === 'error' && isMaintenance(result)) {
        setLoad((prev) => (prev.status === 'maintenance' ? prev : { status: 'maintenance', message: result.message, platformName: '' }));
      }
      return result;
    },
    [portalId],
  );

  const portal = load.status === 'loaded' ? load.data : null;
  const config = portal?.portal;

  const maintenanceTitle = load.status === 'maintenance' ? (load.platformName ? `Maintenance | ${load.platformName}` : 'Maintenance') : null;
  useEffect(() => {
    if (maintenanceTitle) document.title = maintenanceTitle;
    else if (load.status === 'missing') document.title = portalTexts.portalNotFoundTitle;
    else if (config) document.title = config.companyName ? `${config.title} | ${config.companyName}` : config.title;
  }, [maintenanceTitle, load.status, config]);
  usePortalFavicon(config);

  /** Shows the outcome of a lookup made from the search form (or a link). */
  const show = useCallback(
    (result: LookupResult, request: LookupBody, searchText: string | null) => {
      if (result.kind === 'card') {
        remember(portalId, result.answer.session);
        setStep({ view: 'card', answer: result.answer, request, query: searchText });
        setError('');
      } else if (result.kind === 'code_sent') {
        setCodeError('');
        setStep({ view: 'code', query: searchText ?? '', purpose: 'view', message: result.message, demoCode: result.demoCode });
        setError('');
      } else {
        setStep({ view: 'search' });
        setError(errorText(result));
      }
    },
    [portalId],
  );

  const search = useCallback(
    async (text: string) => {
      const trimmed = text.trim();
      setSearched(true);
      if (!longEnough(trimmed)) {
        setError(portalMessages.searchTooShort);
        return;
      }
      setBusy('search');
      setError('');
      const request = { query: trimmed };
      const result = await ask(request);
      setBusy(null);
      show(result, request, trimmed);
    },
    [ask, show],
  );

  // ?t= opens the card; ?email= or ?name= prefills and searches; once, when the portal has loaded (spec 2.17).
  useEffect(() => {
    if (!portal || portal.state !== 'ready' || autoRan.current || searched) return;
    autoRan.current = true;
    const params = new URLSearchParams(window.location.search);
    const token = params.get('t');
    const prefill = params.get('email') ?? params.get('name');
    const session = remembered(portalId);
    if (token) {
      setSearched(true);
      setBusy('search');
      void ask({ token }).then((result) => {
        setBusy(null);
        show(result, { token }, null);
      });
    } else if (prefill) {
      setQuery(prefill);
      void search(prefill);
    } else if (session) {
      setBusy('search');
      void ask({ session }).then((result) => {
        setBusy(null);
        if (result.kind === 'card') show(result, { session }, null);
        else if (!(result.kind === 'error' && isMaintenance(result))) remember(portalId, undefined);
      });
    }
  }, [ask, portal, portalId, search, searched, show]);

  function reset() {
    remember(portalId, undefined);
    setQuery('');
    setError('');
    setCodeError('');
    setSearched(false);
    setStep({ view: 'search' });
    if (window.location.search) window.history.replaceState(null, '', window.location.pathname);
    requestAnimationFrame(() => input.current?.focus());
  }

  async function refresh() {
    if (step.view !== 'card') return;
    const request: LookupBody = step.answer.session ? { session: step.answer.session } : step.request;
    setBusy('refresh');
    const result = await ask(request);
    setBusy(null);
    if (result.kind === 'card') {
      setStep({ ...step, answer: result.answer });
      setError('');
    } else if (result.kind === 'error' && result.status === 401) {
      reset();
      setError(result.message || portalTexts.sessionExpired);
    } else if (result.kind === 'error') {
      setError(errorText(result));
    }
  }

  async function verifyForUpdate() {
    if (step.view !== 'card' || !step.query) return;
    setBusy('update-code');
    const result = await ask({ query: step.query, verify: true });
    setBusy(null);
    if (result.kind === 'code_sent') {
      setCodeError('');
      setStep({ view: 'code', query: step.query, purpose: 'update', message: result.message, demoCode: result.demoCode });
    } else if (result.kind === 'error') setError(errorText(result));
  }

  async function submitCode(code: string) {
    if (step.view !== 'code') return;
    setBusy('verify');
    const request = { query: step.query, code, ...(step.purpose === 'update' ? { verify: true } : {}) };
    const result = await ask(request);
    setBusy(null);
    if (result.kind === 'card') {
      remember(portalId, result.answer.session);
      setStep({ view: 'card', answer: result.answer, request: { query: step.query }, query: step.query });
      setCodeError('');
    } else if (result.kind === 'error') setCodeError(errorText(result));
  }

  async function resendCode() {
    if (step.view !== 'code') return;
    setBusy('resend');
    const result = await ask({ query: step.query, ...(step.purpose === 'update' ? { verify: true } : {}) });
    setBusy(null);
    if (result.kind === 'code_sent') {
      setCodeError('');
      setStep({ ...step, message: result.message, demoCode: result.demoCode });
    } else if (result.kind === 'error') setCodeError(errorText(result));
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    void search(query);
  }

  if (load.status === 'loading') {
    return (
      <PortalShell>
        <div role="status" aria-live="polite" className="flex items-center justify-center gap-3 py-24 text-muted-foreground">
          <SpinnerIcon className="size-6" />
          <span>Loading portal...</span>
        </div>
      </PortalShell>
    );
  }
  if (load.status === 'maintenance') return <PortalMaintenancePage message={load.message} platformName={load.platformName} />;
  if (load.status === 'missing') return <Notice title={portalTexts.portalNotFoundTitle} text={portalTexts.portalNotFound} />;
  if (load.status === 'failed') {
    return (
      <Notice title="Something went wrong" text={load.message}>
        <button type="button" className={`${primaryButton} mt-6`} onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </Notice>
    );
  }
  if (!portal || portal.state === 'unavailable' || !config) return <Notice title={portalTexts.unavailableTitle} text={portalTexts.unavailable} />;

  return (
    <PortalShell config={config}>
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-[var(--portal-fg)] sm:text-4xl dark:text-foreground">{config.title}</h1>
        {config.welcomeMessage ? <p className="mt-3 text-lg text-[var(--portal-fg-muted)] dark:text-muted-foreground">{config.welcomeMessage}</p> : null}
      </div>
      {config.customMessage ? (
        <p className="mx-auto mt-6 max-w-2xl rounded-xl border border-[var(--portal-primary)]/30 bg-card px-4 py-3 text-center text-sm leading-relaxed text-card-foreground">
          {config.customMessage}
        </p>
      ) : null}

      <div className="mt-8">
        {portal.state === 'no_data' ? (
          <div className={`${card} flex gap-3 p-6`}>
            <InfoIcon className="mt-0.5 size-5 shrink-0 text-[var(--portal-accent)] dark:text-[var(--portal-accent-dark)]" />
            <div>
              <h2 className="font-semibold">{portalTexts.noDataTitle}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{portalTexts.noData}</p>
            </div>
          </div>
        ) : step.view === 'card' ? (
          <div className="space-y-4">
            {error ? <ErrorLine text={error} /> : null}
            <ResultCard
              portalId={portalId}
              answer={step.answer}
              refreshing={busy === 'refresh'}
              onRefresh={() => void refresh()}
              onVerifyForUpdate={() => void verifyForUpdate()}
              verifying={busy === 'update-code'}
            />
            <div className="text-center">
              <button type="button" className={secondaryButton} onClick={reset}>
                <ArrowLeftIcon /> Search for a different project
              </button>
            </div>
          </div>
        ) : step.view === 'code' ? (
          <CodeForm
            message={step.message}
            demoCode={step.demoCode}
            error={codeError}
            verifying={busy === 'verify'}
            resending={busy === 'resend'}
            onSubmit={(code) => void submitCode(code)}
            onResend={() => void resendCode()}
            onCancel={reset}
          />
        ) : (
          <section aria-labelledby="portal-search-title" className={`${card} p-5 sm:p-7`}>
            <h2 id="portal-search-title" className="text-lg font-semibold">
              Find your project
            </h2>
            <form onSubmit={onSubmit} className="mt-4" noValidate role="search">
              <label htmlFor="portal-search" className="text-sm font-medium">
                {portalTexts.searchLabel}
              </label>
              <div className="mt-2 flex flex-col gap-3 sm:flex-row">
                <input
                  ref={input}
                  id="portal-search"
                  name="q"
                  value={query}
                  onChange={(e) => {
                    setQuery(e.target.value);
                    if (error) setError('');
                  }}
                  type="text"
                  inputMode="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={254}
                  placeholder="you@example.com or Jane Smith"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'portal-search-error' : 'portal-search-help'}
                  className={textInput}
                />
                <button type="submit" className={`${primaryButton} sm:w-36`} disabled={!canSearch(query, busy !== null)}>
                  {busy === 'search' ? <SpinnerIcon /> : <SearchIcon />}
                  {busy === 'search' ? 'Searching...' : 'Search'}
                </button>
              </div>
              <p id="portal-search-help" className="mt-2 text-xs text-muted-foreground">
                {config.requireVerification
                  ? 'For your privacy we will e-mail you a code before showing your project.'
                  : 'Enter the e-mail address or the full name the team has on file.'}
              </p>
              <div aria-live="assertive">{error ? <ErrorLine id="portal-search-error" text={error} /> : null}</div>
            </form>
            {portal.demo ? <DemoHints demo={portal.demo} onPick={(q) => (setQuery(q), void search(q))} disabled={busy !== null} /> : null}
          </section>
        )}
      </div>
    </PortalShell>
  );
}

function ErrorLine({ text, id }: { text: string; id?: string }) {
  return (
    <p id={id} role="alert" className="mt-3 flex items-start gap-2 rounded-lg bg-destructive-muted px-3 py-2 text-sm text-destructive">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}

function DemoHints({ demo, onPick, disabled }: { demo: NonNullable<PublicPortal['demo']>; onPick: (query: string) => void; disabled: boolean }) {
  return (
    <div className="mt-6 rounded-xl border border-dashed border-border p-4">
      <h3 className="text-sm font-semibold">This is a demo portal. Try one of these:</h3>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {demo.samples.map((s) => (
          <li key={s.query}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(s.query)}
              className="w-full rounded-lg border border-border bg-background px-3 py-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-[var(--portal-ring)] disabled:opacity-60"
            >
              <span className="block font-mono text-sm break-all text-foreground">{s.query}</span>
              <span className="block text-xs text-muted-foreground">{s.note}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-muted-foreground">
        Or open{' '}
        <a href={demo.accessLink.path} className="font-medium text-[var(--portal-accent)] underline underline-offset-4 dark:text-[var(--portal-accent-dark)]">
          {demo.accessLink.name}&apos;s personal link
        </a>
        , which shows the card at once and lets the client send an update.
      </p>
    </div>
  );
}

/** A whole-page message: portal not found, unavailable, or failed to load. */
function Notice({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <PortalShell>
      <div className={`${card} mx-auto mt-10 max-w-md p-8 text-center`}>
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <AlertIcon className="size-6" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">{text}</p>
        {children}
      </div>
    </PortalShell>
  );
}
