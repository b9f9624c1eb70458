import { useQuery } from '@tanstack/react-query';
import { BellIcon, CheckIcon, MailWarningIcon, MessageSquareWarningIcon, SendIcon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { notificationSettingsSchema, type NotificationSettings } from '@core/notification-settings';
import { statusKey } from '@core/status';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState, Spinner } from '@web/components/spinner';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useBusinessTimeZone } from '@web/features/auth/api/use-me';
import { useCurrentPortal } from '@web/features/dashboard/api/portals';
import {
  notificationPreviewQueryOptions,
  notificationSettingsQueryOptions,
  useSaveNotificationSettings,
  useSendTestNotification,
  type NotificationSettingsView,
} from '@web/features/notifications/api/notifications';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/date-time';
import { paths } from '@web/lib/paths';
import { ConnectSheetButton } from './connect-sheet-button';

/** 'Saved!' shows this long (spec 9). */
const SAVED_MS = 3000;

const textareaClass =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** /app/notifications: what the portal's clients are told, when, and in which words (issue 19), with a live preview. */
export function NotificationsPage() {
  const current = useCurrentPortal();
  const portal = current.portal;
  return (
    <>
      <PageTitle title="Client Notifications" />
      <PageHeader title="Client Notifications" description="E-mails your clients get when their project moves, in your name and with their personal link." />
      {current.query.isPending ? (
        <LoadingState />
      ) : current.query.isError ? (
        <LoadError title="Could not load your portal" error={current.query.error} onRetry={() => current.query.refetch()} />
      ) : !portal || !current.hasSource ? (
        <EmptyState icon={BellIcon} title="Connect Google Sheets First" description="Client notifications are set up here once your client sheet is connected.">
          <ConnectSheetButton />
        </EmptyState>
      ) : (
        <SettingsLoader key={portal.portalId} portalId={portal.portalId} />
      )}
    </>
  );
}

function SettingsLoader({ portalId }: { portalId: string }) {
  const view = useQuery(notificationSettingsQueryOptions(portalId));
  if (view.isPending) return <LoadingState />;
  if (view.isError) return <LoadError title="Could not load the notification settings" error={view.error} onRetry={() => view.refetch()} />;
  return <SettingsForm portalId={portalId} view={view.data} />;
}

function MailStatus({ view }: { view: NotificationSettingsView }) {
  const timeZone = useBusinessTimeZone();
  if (view.mail.outage) {
    return (
      <Alert variant="destructive">
        <MailWarningIcon aria-hidden="true" />
        <AlertTitle>E-mail sending is held</AlertTitle>
        <AlertDescription>
          Since {formatDateTime(view.mail.outage.since, timeZone)} the mail server could not take messages ({view.mail.outage.lastError}). Nothing is lost:
          waiting messages go out as soon as it answers again.
        </AlertDescription>
      </Alert>
    );
  }
  if (view.mail.via === 'log') {
    return (
      <Alert>
        <MailWarningIcon aria-hidden="true" />
        <AlertTitle>No mail server is set up</AlertTitle>
        <AlertDescription>This server has no mail server configured: messages are written to its log instead of being sent. Ask your platform operator.</AlertDescription>
      </Alert>
    );
  }
  return null;
}

function Toggle({ id, checked, onChange, disabled, children }: { id: string; checked: boolean; onChange: (on: boolean) => void; disabled?: boolean; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <Checkbox id={id} checked={checked} disabled={disabled} onCheckedChange={(on) => onChange(on === true)} className="mt-0.5" />
      <Label htmlFor={id} className="font-normal leading-snug">
        {children}
      </Label>
    </div>
  );
}

function NumberInput({ id, label, value, min, max, onChange }: { id: string; label: string; value: number; min: number; max: number; onChange: (n: number) => void }) {
  return (
    <Input
      id={id}
      aria-label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={Number.isFinite(value) ? value : ''}
      onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      className="inline-block h-8 w-20"
    />
  );
}

type Setter = (change: (s: NotificationSettings) => void) => void;

function TriggersCard({ draft, edit }: { draft: NotificationSettings; edit: Setter }) {
  const t = draft.triggers;
  return (
    <Card>
      <CardHeader>
        <CardTitle>What clients hear about</CardTitle>
        <CardDescription>Each change goes out only when it is switched on here. A first import never sends anything.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Toggle id="trigger-status" checked={t.status} onChange={(on) => edit((s) => void (s.triggers.status = on))}>
          A new status (with what it means, below)
        </Toggle>
        <Toggle id="trigger-completed" checked={t.completed} onChange={(on) => edit((s) => void (s.triggers.completed = on))}>
          Their project is completed
        </Toggle>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Toggle id="trigger-queue" checked={t.queue.enabled} onChange={(on) => edit((s) => void (s.triggers.queue.enabled = on))}>
            They move up to place
          </Toggle>
          <NumberInput id="trigger-queue-position" label="Place in line" value={t.queue.position} min={1} max={100} onChange={(n) => edit((s) => void (s.triggers.queue.position = n))} />
          <span>or better, and when they are next</span>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Toggle id="trigger-estimate" checked={t.estimate.enabled} onChange={(on) => edit((s) => void (s.triggers.estimate.enabled = on))}>
            Their estimate moves later by more than
          </Toggle>
          <NumberInput id="trigger-estimate-days" label="Working days" value={t.estimate.days} min={1} max={60} onChange={(n) => edit((s) => void (s.triggers.estimate.days = n))} />
          <span>working days</span>
        </div>
        <Toggle id="trigger-removed" checked={t.removed} onChange={(on) => edit((s) => void (s.triggers.removed = on))}>
          They are removed from your list
        </Toggle>
      </CardContent>
    </Card>
  );
}

function TimingCard({ draft, edit }: { draft: NotificationSettings; edit: Setter }) {
  const q = draft.quietHours;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Timing</CardTitle>
        <CardDescription>
          Changes within the window go out as one e-mail; a change undone within it sends nothing. Queue and estimate news go at most once a day per client.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Label htmlFor="window-minutes" className="font-normal">
            Wait
          </Label>
          <NumberInput id="window-minutes" label="Batching window in minutes" value={draft.windowMinutes} min={0} max={240} onChange={(n) => edit((s) => void (s.windowMinutes = n))} />
          <span>minutes after a change before e-mailing</span>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Toggle id="quiet-hours" checked={q.enabled} onChange={(on) => edit((s) => void (s.quietHours.enabled = on))}>
            Quiet hours from
          </Toggle>
          <Input aria-label="Quiet hours start" type="time" value={q.start} onChange={(e) => edit((s) => void (s.quietHours.start = e.target.value))} className="h-8 w-28" />
          <span>to</span>
          <Input aria-label="Quiet hours end" type="time" value={q.end} onChange={(e) => edit((s) => void (s.quietHours.end = e.target.value))} className="h-8 w-28" />
          <span className="text-muted-foreground">(your time zone; held e-mails go when they end)</span>
        </div>
      </CardContent>
    </Card>
  );
}

/** Texts for urgent updates (Business and Enterprise): what is urgent, where the numbers are, how many a day. */
function SmsCard({ draft, edit, view }: { draft: NotificationSettings; edit: Setter; view: NotificationSettingsView }) {
  const sms = draft.sms;
  const available = view.sms.planIncludes && view.sms.configured;
  const [priorities, setPriorities] = useState(sms.urgentPriorities.join(', '));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Texts for urgent updates</CardTitle>
        <CardDescription>
          A text when a client&apos;s status changes to one you mark urgent, or for a client whose priority is urgent. Only to clients who agreed to texts (
          {view.sms.consented.toLocaleString()} so far), between 8:00 and 21:00 your time. A client who replies STOP gets no more.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!view.sms.planIncludes ? (
          <p className="text-sm text-muted-foreground">
            Texts are part of the Business and Enterprise plans.{' '}
            <Link to={paths.app.billing} className="underline">
              See plans
            </Link>
          </p>
        ) : !view.sms.configured ? (
          <Alert>
            <MessageSquareWarningIcon aria-hidden="true" />
            <AlertTitle>No SMS provider is set up</AlertTitle>
            <AlertDescription>This server has no Twilio account configured ({view.sms.missing.join(', ')} missing): no text is sent. Ask your platform operator.</AlertDescription>
          </Alert>
        ) : view.sms.outage ? (
          <Alert variant="destructive">
            <MessageSquareWarningIcon aria-hidden="true" />
            <AlertTitle>Texts are held</AlertTitle>
            <AlertDescription>The SMS provider could not take texts ({view.sms.outage.lastError}). They go out when it answers again.</AlertDescription>
          </Alert>
        ) : null}
        <Toggle id="sms-enabled" checked={sms.enabled} disabled={!available && !sms.enabled} onChange={(on) => edit((s) => void (s.sms.enabled = on))}>
          Text clients about urgent updates
        </Toggle>
        {sms.enabled ? (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor="sms-phone-column">Column with the clients&apos; mobile numbers</Label>
              <select
                id="sms-phone-column"
                value={sms.phoneColumn}
                onChange={(e) => edit((s) => void (s.sms.phoneColumn = e.target.value))}
                className="h-9 max-w-full rounded-md border border-input bg-background px-2 text-sm"
              >
                <option value="">Choose a column</option>
                {view.sms.columns.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Urgent statuses</legend>
              {view.statuses.map((st) => (
                <Toggle
                  key={st.key}
                  id={`sms-urgent-${st.key}`}
                  checked={sms.urgentStatuses.includes(st.key)}
                  onChange={(on) => edit((s) => void (s.sms.urgentStatuses = on ? [...s.sms.urgentStatuses, st.key] : s.sms.urgentStatuses.filter((k) => k !== st.key)))}
                >
                  {st.status}
                </Toggle>
              ))}
            </fieldset>
            <div className="grid gap-1.5">
              <Label htmlFor="sms-priorities">Urgent priorities (as in your sheet, separated by commas)</Label>
              <Input
                id="sms-priorities"
                value={priorities}
                onChange={(e) => {
                  setPriorities(e.target.value);
                  edit((s) => void (s.sms.urgentPriorities = e.target.value.split(',').map((p) => p.trim()).filter((p) => p !== '')));
                }}
              />
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span>At most</span>
              <NumberInput id="sms-daily-limit" label="Texts per client and day" value={sms.dailyLimit} min={1} max={10} onChange={(n) => edit((s) => void (s.sms.dailyLimit = n))} />
              <span>texts per client and day</span>
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function StatusLinesCard({ draft, edit, view }: { draft: NotificationSettings; edit: Setter; view: NotificationSettingsView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>What each status means</CardTitle>
        <CardDescription>The line under a new status. Left empty, the default for its kind of status is used (shown greyed).</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {view.statuses.length === 0 ? <p className="text-sm text-muted-foreground">No statuses in your data yet.</p> : null}
        {view.statuses.map((s) => (
          <div key={s.key} className="grid gap-1.5">
            <Label htmlFor={`line-${s.key}`}>
              {s.status} <span className="font-normal text-muted-foreground">({s.clients.toLocaleString()} {s.clients === 1 ? 'client' : 'clients'})</span>
            </Label>
            <textarea
              id={`line-${s.key}`}
              rows={2}
              maxLength={300}
              value={draft.statusLines[s.key] ?? ''}
              placeholder={s.defaultLine || 'No line by default'}
              onChange={(e) =>
                edit((d) => {
                  if (e.target.value.trim() === '') delete d.statusLines[s.key];
                  else d.statusLines[statusKey(s.status)] = e.target.value;
                })
              }
              className={textareaClass}
            />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function TextsCard({ draft, edit }: { draft: NotificationSettings; edit: Setter }) {
  const field = (key: keyof NotificationSettings['templates'], label: string, rows = 1) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`text-${key}`}>{label}</Label>
      {rows === 1 ? (
        <Input id={`text-${key}`} value={draft.templates[key]} onChange={(e) => edit((s) => void (s.templates[key] = e.target.value))} />
      ) : (
        <textarea id={`text-${key}`} rows={rows} value={draft.templates[key]} onChange={(e) => edit((s) => void (s.templates[key] = e.target.value))} className={textareaClass} />
      )}
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail texts</CardTitle>
        <CardDescription>
          You can use {'{{clientName}}'}, {'{{companyName}}'}, {'{{status}}'}, {'{{position}}'}, {'{{estimate}}'} and {'{{headline}}'} (what changed). Every e-mail ends
          with the client&apos;s link and an unsubscribe link.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {field('updateSubject', 'Update subject')}
        {field('updateIntro', 'Update greeting', 2)}
        {field('invitationSubject', 'Invitation subject')}
        {field('invitationBody', 'Invitation text', 5)}
      </CardContent>
    </Card>
  );
}

function Preview({ portalId, draft, valid, view }: { portalId: string; draft: NotificationSettings; valid: boolean; view: NotificationSettingsView }) {
  const [kind, setKind] = useState<'update' | 'invitation'>('update');
  const [status, setStatus] = useState(view.statuses[0]?.status ?? '');
  const [request, setRequest] = useState({ settings: draft, kind, status: status || undefined });
  // The preview follows the form once typing pauses.
  useEffect(() => {
    if (!valid) return;
    const id = window.setTimeout(() => setRequest({ settings: draft, kind, status: status || undefined }), 400);
    return () => window.clearTimeout(id);
  }, [draft, kind, status, valid]);
  const preview = useQuery(notificationPreviewQueryOptions(portalId, request));
  const test = useSendTestNotification(portalId);
  return (
    <Card className="xl:sticky xl:top-4">
      <CardHeader>
        <CardTitle>Preview</CardTitle>
        <div className="flex flex-wrap gap-2">
          <select aria-label="Which e-mail" value={kind} onChange={(e) => setKind(e.target.value as 'update' | 'invitation')} className="h-9 rounded-md border border-input bg-background px-2 text-sm">
            <option value="update">Status update</option>
            <option value="invitation">Invitation</option>
          </select>
          {kind === 'update' && view.statuses.length > 0 ? (
            <select aria-label="Status shown" value={status} onChange={(e) => setStatus(e.target.value)} className="h-9 max-w-full rounded-md border border-input bg-background px-2 text-sm">
              {view.statuses.map((s) => (
                <option key={s.key} value={s.status}>
                  {s.status}
                </option>
              ))}
            </select>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {preview.isError ? <Alert variant="destructive">{errorMessage(preview.error)}</Alert> : null}
        {preview.data ? (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">From</dt>
              <dd data-testid="preview-from">{preview.data.from}</dd>
              <dt className="text-muted-foreground">Subject</dt>
              <dd data-testid="preview-subject" className="break-words font-medium">
                {preview.data.subject}
              </dd>
            </dl>
            <iframe title="E-mail preview" sandbox="" srcDoc={preview.data.html} className="h-[28rem] w-full rounded-md border border-border bg-white" />
          </>
        ) : (
          <LoadingState className="h-40" />
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" disabled={!valid || test.isPending} onClick={() => test.mutate({ settings: draft, kind, status: status || undefined })}>
            {test.isPending ? <Spinner className="size-4" /> : <SendIcon aria-hidden="true" />}
            Send myself a test
          </Button>
          <p role="status" className="text-sm text-muted-foreground">
            {test.isSuccess ? `Sent to ${test.data.sentTo}.` : test.isError ? errorMessage(test.error) : ''}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

function SettingsForm({ portalId, view }: { portalId: string; view: NotificationSettingsView }) {
  const [draft, setDraft] = useState<NotificationSettings>(view.settings);
  const [emailEnabled, setEmailEnabled] = useState(view.emailEnabled);
  const [saved, setSaved] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const save = useSaveNotificationSettings(portalId);
  const parsed = notificationSettingsSchema.safeParse(draft);
  const firstError = parsed.success ? null : parsed.error.issues[0]!.message;
  const edit: Setter = (change) =>
    setDraft((d) => {
      const next = structuredClone(d);
      change(next);
      return next;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.success) return;
    save.mutate(
      { settings: parsed.data, emailEnabled },
      {
        onSuccess: () => {
          setSaved(true);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => setSaved(false), SAVED_MS);
        },
      },
    );
  };
  return (
    <div className="space-y-6">
      <MailStatus view={view} />
      <div className="grid gap-6 xl:grid-cols-2">
        <form onSubmit={submit} className="min-w-0 space-y-6" noValidate>
          <Card>
            <CardHeader>
              <CardTitle>E-mail updates</CardTitle>
              <CardDescription>
                {view.counts.optedOut.toLocaleString()} {view.counts.optedOut === 1 ? 'client has' : 'clients have'} turned updates off (only they can turn them on
                again); {view.counts.bouncing.toLocaleString()} {view.counts.bouncing === 1 ? 'address bounces' : 'addresses bounce'}. Invite clients from{' '}
                <Link to={paths.app.portals} className="underline">
                  Client Management
                </Link>
                .
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Toggle id="email-enabled" checked={emailEnabled} onChange={setEmailEnabled}>
                Send clients e-mail updates about their project
              </Toggle>
            </CardContent>
          </Card>
          <TriggersCard draft={draft} edit={edit} />
          <TimingCard draft={draft} edit={edit} />
          <SmsCard draft={draft} edit={edit} view={view} />
          <StatusLinesCard draft={draft} edit={edit} view={view} />
          <TextsCard draft={draft} edit={edit} />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!parsed.success || save.isPending}>
              {save.isPending ? <Spinner className="size-4" /> : null}
              Save Settings
            </Button>
            {saved ? (
              <span role="status" className="flex items-center gap-1 text-sm text-success">
                <CheckIcon aria-hidden="true" className="size-4" /> Saved!
              </span>
            ) : null}
            {firstError || save.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {firstError ?? errorMessage(save.error)}
              </p>
            ) : null}
          </div>
        </form>
        <div className="min-w-0">
          <Preview portalId={portalId} draft={draft} valid={parsed.success} view={view} />
        </div>
      </div>
    </div>
  );
}
