import { messages } from '@core/messages';
import { plans, signupPlanIds } from '@core/plans';
import { type PlatformSettings, platformSettingBounds, platformSettingsSchema, trialReminderDaysFor } from '@core/validation/admin-settings';
import { CheckCircle2Icon, MailIcon, SaveIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState, Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { type AdminSettings, type SecretName, useAdminSettings, useSaveAdminSettings } from '@web/features/admin/api/settings';
import { NativeSelect } from '@web/features/admin/components/native-select';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { EmailTemplateEditor } from './email-template-editor';
import { QueryError } from './query-error';

type Tab = 'general' | 'api' | 'security' | 'email';
const tabs: { id: Tab; label: string }[] = [
  { id: 'general', label: 'General' },
  { id: 'api', label: 'API & Integrations' },
  { id: 'security', label: 'Security' },
  { id: 'email', label: 'Email Templates' },
];
const SAVED_BANNER_MS = 3000;

type Errors = Record<string, string>;

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Toggle({ id, label, checked, onChange, hint }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} className="mt-0.5" />
      <div>
        <Label htmlFor={id}>{label}</Label>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </div>
    </div>
  );
}

function NumberInput({ id, value, onChange, bound, error }: { id: string; value: number; onChange: (n: number) => void; bound: keyof typeof platformSettingBounds; error?: string }) {
  const b = platformSettingBounds[bound];
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  return (
    <Field id={id} label={b.label} hint={`${b.min} to ${b.max}`} error={error}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={b.min}
        max={b.max}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const n = Number(e.target.value);
          onChange(e.target.value.trim() === '' || !Number.isFinite(n) ? Number.NaN : n);
        }}
        className="max-w-40"
      />
    </Field>
  );
}

type IntegrationInfo = {
  title: string;
  keyLabel: string;
  status: (loaded: AdminSettings) => { text: string; variant: 'success' | 'secondary' | 'info' | 'warning' };
  description: (loaded: AdminSettings) => ReactNode;
  /** Only SendGrid has a switch that does something; the other two cannot honestly be switched (decision 7). */
  toggle?: { id: 'sendgridEnabled'; label: string };
};

const integrations: Record<SecretName, IntegrationInfo> = {
  sendgridApiKey: {
    title: 'SendGrid (e-mail)',
    keyLabel: 'SendGrid API key',
    status: (l) => (l.mail.via === 'sendgrid' ? { text: 'In use', variant: 'success' } : { text: 'Not in use', variant: 'secondary' }),
    description: (l) => (
      <>
        When on, the platform&apos;s e-mail goes through SendGrid&apos;s SMTP relay (smtp.sendgrid.net, port 587, STARTTLS). The sender
        address <span className="font-medium text-foreground">{l.mail.from}</span> (MAIL_FROM) must be a verified sender in SendGrid. An
        SMTP_URL set on the server takes precedence. Save, then use &quot;Send Test&quot; under Email Templates to check it.
      </>
    ),
    toggle: { id: 'sendgridEnabled', label: 'Send e-mail through SendGrid' },
  },
  googleSheetsApiKey: {
    title: 'Google Sheets',
    keyLabel: 'Google Sheets API key (stored only, not used)',
    status: () => ({ text: 'No key needed', variant: 'info' }),
    description: () => (
      <>
        Client sheets are read through their CSV export, which works for any sheet shared as &quot;Anyone with the link can
        view&quot; and needs no key. A key would reach no sheet that link sharing does not, and writing to a sheet needs the
        owner&apos;s sign-in, not a key, so none is used. A key saved here is only stored (encrypted).
      </>
    ),
  },
  stripeApiKey: {
    title: 'Stripe (billing)',
    keyLabel: 'Stripe secret key (sk_live_... or sk_test_...)',
    status: (l) => (l.billing.connected ? { text: 'Connected', variant: 'success' } : { text: 'Not connected', variant: 'warning' }),
    description: (l) => (
      <>
        With the secret key and the webhook signing secret below (or STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET on the server,
        which win), owners buy plans through Stripe Checkout and manage them in Stripe&apos;s customer portal; Stripe&apos;s
        webhooks decide the plan. In Stripe, add the endpoint <span className="font-medium text-foreground">{l.billing.webhookUrl}</span>{' '}
        with the events checkout.session.completed, invoice.paid, invoice.payment_succeeded, invoice.payment_failed,
        customer.subscription.updated and customer.subscription.deleted. Without both, plans are assigned here by the operator
        and no payment is taken.
      </>
    ),
  },
  stripeWebhookSecret: {
    title: 'Stripe webhooks',
    keyLabel: "Webhook signing secret (whsec_..., from the endpoint's page in Stripe)",
    status: (l) => (l.billing.connected ? { text: 'Connected', variant: 'success' } : { text: 'Not connected', variant: 'warning' }),
    description: () => <>Every event Stripe sends is checked against this secret; an event with a wrong signature is refused.</>,
  },
};

/** Which way e-mail goes now, from the saved settings and the server's SMTP_URL. */
function MailRoute({ mail }: { mail: AdminSettings['mail'] }) {
  return (
    <Alert data-testid="mail-route">
      <MailIcon aria-hidden="true" />
      <AlertDescription>
        <p>
          E-mail is sent through: <span className="font-semibold">{mail.label}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          {mail.via === 'log' ? 'Each e-mail, links included, is written to the server log and nobody receives it. ' : null}
          Sender address: {mail.from}. Order: SMTP_URL on the server, else SendGrid when on with a key, else the server log.
        </p>
        {mail.notes.map((n) => (
          <p key={n} className="mt-1 text-xs font-medium text-amber-800 dark:text-amber-300">
            {n}
          </p>
        ))}
      </AlertDescription>
    </Alert>
  );
}

/** The form, once the settings are loaded. */
function SettingsForm({ loaded }: { loaded: AdminSettings }) {
  const [params, setParams] = useSearchParams();
  const tab = (tabs.some((t) => t.id === params.get('tab')) ? params.get('tab') : 'general') as Tab;
  const setTab = (t: Tab) => setParams((p) => {
    p.set('tab', t);
    return p;
  }, { replace: true });
  const [draft, setDraft] = useState<PlatformSettings>(loaded.settings);
  const [secrets, setSecrets] = useState<Partial<Record<SecretName, string | null>>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveAdminSettings();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const set = <G extends keyof PlatformSettings, K extends keyof PlatformSettings[G]>(group: G, key: K, value: PlatformSettings[G][K]) => {
    setDraft((old) => ({ ...old, [group]: { ...old[group], [key]: value } }));
    setErrors((old) => {
      const next = { ...old };
      delete next[`${String(group)}.${String(key)}`];
      return next;
    });
  };
  const err = (path: string) => errors[path];

  function onSave() {
    setSaved(false);
    save.reset();
    const parsed = platformSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      const first = parsed.error.issues[0]?.path[0];
      if (first === 'general' || first === 'api' || first === 'security' || first === 'email') setTab(first);
      return;
    }
    save.mutate(
      { settings: parsed.data, secrets },
      {
        onSuccess: (data) => {
          setDraft(data.settings);
          setSecrets({});
          setSaved(true);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => setSaved(false), SAVED_BANNER_MS);
        },
      },
    );
  }

  const g = draft.general;
  const api = draft.api;
  const sec = draft.security;
  const em = draft.email;
  const status = save.isPending ? 'saving' : saved ? 'saved' : save.isError ? 'error' : 'idle';

  return (
    <>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div role="tablist" aria-label="Settings" className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
          {tabs.map((t) => (
            <button
              key={t.id}
              id={`tab-${t.id}`}
              role="tab"
              type="button"
              aria-selected={tab === t.id}
              aria-controls={`panel-${t.id}`}
              onClick={() => setTab(t.id)}
              className={cn('rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring', tab === t.id ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground')}
            >
              {t.label}
            </button>
          ))}
        </div>
        <Button onClick={onSave} disabled={save.isPending}>
          {save.isPending ? (
            <>
              <Spinner /> Saving...
            </>
          ) : (
            <>
              <SaveIcon aria-hidden="true" /> Save Settings
            </>
          )}
        </Button>
      </div>
      {status === 'saved' ? (
        <Alert variant="success" className="mb-6">
          <CheckCircle2Icon aria-hidden="true" />
          <AlertDescription>{messages.admin.settingsSaved}</AlertDescription>
        </Alert>
      ) : null}
      {status === 'error' ? (
        <Alert variant="destructive" className="mb-6">
          <AlertDescription>
            {messages.admin.settingsSaveFailed}
            {save.error ? <span className="mt-1 block text-xs opacity-90">{errorMessage(save.error, '')}</span> : null}
          </AlertDescription>
        </Alert>
      ) : null}
      {Object.keys(errors).length ? (
        <Alert variant="destructive" className="mb-6">
          <AlertDescription>Please correct the highlighted settings.</AlertDescription>
        </Alert>
      ) : null}

      {tab === 'general' ? (
        <Card role="tabpanel" id="panel-general" aria-labelledby="tab-general">
          <CardHeader>
            <CardTitle className="text-lg">General</CardTitle>
            <CardDescription>The platform&apos;s name, contact addresses, what new businesses get, and maintenance mode.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 sm:grid-cols-2">
            <Field id="platformName" label="Platform name" error={err('general.platformName')}>
              <Input id="platformName" value={g.platformName} onChange={(e) => set('general', 'platformName', e.target.value)} />
            </Field>
            <Field id="supportEmail" label="Support email" error={err('general.supportEmail')}>
              <Input id="supportEmail" type="email" value={g.supportEmail} onChange={(e) => set('general', 'supportEmail', e.target.value)} />
            </Field>
            <Field id="salesEmail" label="Sales email" hint="Contact-form messages are sent here." error={err('general.salesEmail')}>
              <Input id="salesEmail" type="email" value={g.salesEmail} onChange={(e) => set('general', 'salesEmail', e.target.value)} />
            </Field>
            <Field id="defaultPlan" label="Default plan" hint="For sign-ups that choose none.">
              <NativeSelect id="defaultPlan" value={g.defaultPlan} onChange={(e) => set('general', 'defaultPlan', e.target.value as PlatformSettings['general']['defaultPlan'])}>
                {signupPlanIds.map((p) => (
                  <option key={p} value={p}>
                    {plans[p].name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <NumberInput id="trialDays" bound="trialDays" value={g.trialDays} onChange={(n) => set('general', 'trialDays', n)} error={err('general.trialDays')} />
            <NumberInput id="graceDays" bound="graceDays" value={g.graceDays} onChange={(n) => set('general', 'graceDays', n)} error={err('general.graceDays')} />
            <div className="sm:col-span-2">
              <Toggle
                id="maintenanceMode"
                label="Maintenance mode"
                hint="Everyone but platform operators sees the maintenance page, and the API answers 503."
                checked={g.maintenanceMode}
                onChange={(v) => set('general', 'maintenanceMode', v)}
              />
            </div>
          </CardContent>
        </Card>
      ) : null}

      {tab === 'api' ? (
        <Card role="tabpanel" id="panel-api" aria-labelledby="tab-api">
          <CardHeader>
            <CardTitle className="text-lg">API & Integrations</CardTitle>
            <CardDescription>Keys are stored encrypted and never shown again; leave a field empty to keep the saved key. Only SendGrid&apos;s key is used today.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            {(Object.keys(integrations) as SecretName[]).map((name) => {
              const info = integrations[name];
              const status = loaded.secrets[name];
              const pending = secrets[name];
              const badge = info.status(loaded);
              return (
                <section key={name} aria-labelledby={`${name}-title`} className="space-y-3 border-b border-border pb-5 last:border-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 id={`${name}-title`} className="font-semibold">
                      {info.title}
                    </h3>
                    <Badge variant={badge.variant}>{badge.text}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">{info.description(loaded)}</p>
                  {name === 'sendgridApiKey' ? <MailRoute mail={loaded.mail} /> : null}
                  {info.toggle ? (
                    <Toggle id={info.toggle.id} label={info.toggle.label} checked={api[info.toggle.id]} onChange={(v) => set('api', info.toggle!.id, v)} />
                  ) : null}
                  <Field id={name} label={info.keyLabel} hint={pending === null ? 'Will be removed when you save.' : status.configured ? `Saved: ${status.masked}` : 'Not set.'}>
                    <div className="flex flex-wrap gap-2">
                      <Input
                        id={name}
                        type="password"
                        autoComplete="off"
                        className="max-w-md"
                        placeholder={status.configured ? status.masked ?? '' : 'Paste the key'}
                        value={typeof pending === 'string' ? pending : ''}
                        onChange={(e) => setSecrets((old) => ({ ...old, [name]: e.target.value }))}
                      />
                      {status.configured && pending !== null ? (
                        <Button variant="outline" size="sm" className="h-10" onClick={() => setSecrets((old) => ({ ...old, [name]: null }))}>
                          Remove key
                        </Button>
                      ) : null}
                    </div>
                  </Field>
                </section>
              );
            })}
            <div className="grid gap-5 sm:grid-cols-2">
              <NumberInput id="maxApiCalls" bound="maxApiCalls" value={api.maxApiCalls} onChange={(n) => set('api', 'maxApiCalls', n)} error={err('api.maxApiCalls')} />
              <NumberInput id="rateLimit" bound="rateLimit" value={api.rateLimit} onChange={(n) => set('api', 'rateLimit', n)} error={err('api.rateLimit')} />
            </div>
            <p className="text-xs text-muted-foreground">Both limits apply per business to calls of the business API from scripts and integrations (the app's own screens are not counted); over a limit the API answers 429 with Retry-After.</p>
          </CardContent>
        </Card>
      ) : null}

      {tab === 'security' ? (
        <Card role="tabpanel" id="panel-security" aria-labelledby="tab-security">
          <CardHeader>
            <CardTitle className="text-lg">Security</CardTitle>
            <CardDescription>Password policy, session lifetimes, two-factor sign-in and the back office&apos;s IP allow-list.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            <div className="grid gap-5 sm:grid-cols-2">
              <NumberInput id="passwordMinLength" bound="passwordMinLength" value={sec.passwordMinLength} onChange={(n) => set('security', 'passwordMinLength', n)} error={err('security.passwordMinLength')} />
              <div className="space-y-3 sm:pt-7">
                <Toggle id="passwordRequireNumber" label="Require a number" checked={sec.passwordRequireNumber} onChange={(v) => set('security', 'passwordRequireNumber', v)} />
                <Toggle id="passwordRequireSpecial" label="Require a special character" checked={sec.passwordRequireSpecial} onChange={(v) => set('security', 'passwordRequireSpecial', v)} />
              </div>
              <NumberInput id="jwtExpiryHours" bound="jwtExpiryHours" value={sec.jwtExpiryHours} onChange={(n) => set('security', 'jwtExpiryHours', n)} error={err('security.jwtExpiryHours')} />
              <NumberInput id="adminJwtExpiryHours" bound="adminJwtExpiryHours" value={sec.adminJwtExpiryHours} onChange={(n) => set('security', 'adminJwtExpiryHours', n)} error={err('security.adminJwtExpiryHours')} />
            </div>
            <Toggle
              id="twoFactorAuthRequired"
              label="Require two-factor sign-in for operators"
              hint="Operators set up an authenticator app on their next visit to the back office, then enter a code at each sign-in."
              checked={sec.twoFactorAuthRequired}
              onChange={(v) => set('security', 'twoFactorAuthRequired', v)}
            />
            <Toggle
              id="ipRestriction"
              label="Restrict the back office to these IP addresses"
              hint="Include your own address, or you will lock yourself out (the server refuses a list without it)."
              checked={sec.ipRestriction}
              onChange={(v) => set('security', 'ipRestriction', v)}
            />
            {sec.ipRestriction ? (
              <Field id="allowedIps" label="Allowed IPs" hint="Comma-separated addresses or ranges, e.g. 203.0.113.7, 10.0.0.0/8" error={err('security.allowedIps')}>
                <Input id="allowedIps" value={sec.allowedIps} onChange={(e) => set('security', 'allowedIps', e.target.value)} />
              </Field>
            ) : null}
          </CardContent>
        </Card>
      ) : null}

      {tab === 'email' ? (
        <div role="tabpanel" id="panel-email" aria-labelledby="tab-email" className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Email Settings</CardTitle>
              <CardDescription>Which e-mails go out, and the sender name and footer every e-mail carries.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <Toggle id="welcomeEmailEnabled" label="Welcome e-mail at sign-up" checked={em.welcomeEmailEnabled} onChange={(v) => set('email', 'welcomeEmailEnabled', v)} />
              <div className="space-y-3">
                <Toggle
                  id="trialEndingReminder"
                  label="Trial ending reminder"
                  checked={em.trialEndingReminderDays > 0}
                  onChange={(v) => set('email', 'trialEndingReminderDays', trialReminderDaysFor(v))}
                />
                {em.trialEndingReminderDays > 0 ? (
                  <div className="pl-8">
                    <NumberInput id="trialEndingReminderDays" bound="trialEndingReminderDays" value={em.trialEndingReminderDays} onChange={(n) => set('email', 'trialEndingReminderDays', n)} error={err('email.trialEndingReminderDays')} />
                  </div>
                ) : null}
              </div>
              <Toggle id="trialEndedEmailEnabled" label="Trial ended e-mail" checked={em.trialEndedEmailEnabled} onChange={(v) => set('email', 'trialEndedEmailEnabled', v)} />
              <Toggle id="paymentFailedEmailEnabled" label="Payment failed e-mail" checked={em.paymentFailedEmailEnabled} onChange={(v) => set('email', 'paymentFailedEmailEnabled', v)} />
              <Toggle id="monthlyReportEmailEnabled" label="Monthly report e-mail" checked={em.monthlyReportEmailEnabled} onChange={(v) => set('email', 'monthlyReportEmailEnabled', v)} />
              <div className="grid gap-5 sm:grid-cols-2">
                <Field id="emailSenderName" label="Sender name" error={err('email.emailSenderName')}>
                  <Input id="emailSenderName" value={em.emailSenderName} onChange={(e) => set('email', 'emailSenderName', e.target.value)} />
                </Field>
                <Field id="emailFooterText" label="Footer text" error={err('email.emailFooterText')}>
                  <Input id="emailFooterText" value={em.emailFooterText} onChange={(e) => set('email', 'emailFooterText', e.target.value)} />
                </Field>
              </div>
              <MailRoute mail={loaded.mail} />
              <p className="text-xs text-muted-foreground">Save Settings applies these. Templates below are saved on their own.</p>
            </CardContent>
          </Card>
          <EmailTemplateEditor />
        </div>
      ) : null}
    </>
  );
}

/** /admin/settings: the four tabs, saved to the server and enforced (D1). */
export function AdminSettingsPage() {
  const query = useAdminSettings();
  return (
    <>
      <PageTitle title="Platform Settings" />
      <PageHeader title="Platform Settings" description="General, API & Integrations, Security and Email Templates." />
      {query.isPending ? (
        <LoadingState label="Loading settings..." />
      ) : query.isError ? (
        <QueryError title="Could not load settings" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <SettingsForm loaded={query.data} />
      )}
    </>
  );
}
