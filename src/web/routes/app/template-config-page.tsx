import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckIcon as DoneIcon, LayoutTemplateIcon, MonitorIcon, RotateCcwIcon, SettingsIcon, SmartphoneIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { NO_CLIENTS_ERROR } from '@core/api/error-codes';
import { brandingForPlan, planAllows } from '@core/plan-features';
import { defaultPortalConfig, portalConfigPatchSchema, readPortalConfig, type PortalConfig } from '@core/portal-config';
import { useBusinessPlan } from '@web/features/billing/api/use-business-plan';
import { UpgradeCard } from '@web/features/billing/components/upgrade-card';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PageTitle } from '@web/components/page-title';
import { LoadingState, Spinner } from '@web/components/spinner';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { clientsQueryOptions } from '@web/features/clients/api/clients';
import { appPortalsQueryKey, useCurrentPortal, type AppPortal } from '@web/features/dashboard/api/portals';
import { cardPreviewQueryOptions, type PreviewCard } from '@web/features/portals/api/card-preview';
import { portalKey } from '@web/features/portals/api/portal-keys';
import { ApiError, api, errorMessage } from '@web/lib/api-client';
import { paths } from '@web/lib/paths';
import type { ClientCard } from '@web/portal/api';
import { MailIcon, PhoneIcon, PinIcon, RefreshIcon, SearchIcon } from '@web/portal/icons';
import { CardView, refreshClass } from '@web/portal/card-view';
import { brandStyle } from '@web/portal/portal-shell';
import { card as cardClass, primaryButton, secondaryButton, textInput } from '@web/portal/styles';
import { ConnectSheetButton } from './connect-sheet-button';

// The Template Configurator (spec 2.15: a standalone preview editor, not in the navigation). It edits the portal
// template, i.e. the texts, colours and which parts of the result card clients see, against a live preview built
// from the real portal configuration and a real client of the portal as sample data, at desktop or phone width.
// Saving writes the same portal configuration the Portal Configurator edits (D1, D2).

/** 'Saved!' shows this long (spec 9). */
const SAVED_MS = 3000;

type TemplateKey =
  | 'title'
  | 'welcomeMessage'
  | 'customMessage'
  | 'primaryColor'
  | 'backgroundColor'
  | 'showPriority'
  | 'showEstimatedCompletion'
  | 'showNotes'
  | 'showDueDate'
  | 'showProgressBar'
  | 'showContactInfo'
  | 'allowClientUpdates';
type Template = Pick<PortalConfig, TemplateKey>;
const templateKeys: TemplateKey[] = [
  'title',
  'welcomeMessage',
  'customMessage',
  'primaryColor',
  'backgroundColor',
  'showPriority',
  'showEstimatedCompletion',
  'showNotes',
  'showDueDate',
  'showProgressBar',
  'showContactInfo',
  'allowClientUpdates',
];
const pickTemplate = (config: PortalConfig): Template => Object.fromEntries(templateKeys.map((k) => [k, config[k]])) as Template;

const sections: { key: Extract<TemplateKey, `show${string}` | 'allowClientUpdates'>; label: string }[] = [
  { key: 'showPriority', label: 'Queue position' },
  { key: 'showEstimatedCompletion', label: 'Estimated completion' },
  { key: 'showDueDate', label: 'Due date' },
  { key: 'showProgressBar', label: 'Progress bar' },
  { key: 'showNotes', label: 'Project notes' },
  { key: 'showContactInfo', label: 'Contact details' },
  { key: 'allowClientUpdates', label: 'Client updates (message form)' },
];

/** /app/template-config (not in the navigation). */
export function TemplateConfigPage() {
  const current = useCurrentPortal();
  const portal = current.portal;
  return (
    <>
      <PageTitle title="Template Configurator" />
      <PageHeader
        title="Template Configurator"
        description="Edit your portal's template and see it at once as your clients will, with one of your real clients as the example."
        actions={
          portal ? (
            <Button asChild variant="outline" size="sm">
              <Link to={paths.app.configurator}>
                <SettingsIcon aria-hidden="true" /> Logo and contact details
              </Link>
            </Button>
          ) : null
        }
      />
      {current.query.isPending ? (
        <LoadingState label="Loading your portal..." />
      ) : current.query.isError ? (
        <LoadError title="Could not load your portal" error={current.query.error} onRetry={() => current.query.refetch()} />
      ) : !portal || !current.hasSource ? (
        <EmptyState
          icon={LayoutTemplateIcon}
          title="Connect Google Sheets First"
          description="The template preview shows one of your real clients as the example, so it needs your client sheet. No data source is connected yet."
        >
          <ConnectSheetButton />
        </EmptyState>
      ) : (
        <TemplateEditor key={portal.portalId} portal={portal} />
      )}
    </>
  );
}

function TemplateEditor({ portal }: { portal: AppPortal }) {
  const queryClient = useQueryClient();
  const saved = readPortalConfig(portal.config);
  const [draft, setDraft] = useState<Template>(() => pickTemplate(saved));
  const [base, setBase] = useState<Template>(() => pickTemplate(saved));
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
  const [view, setView] = useState<'card' | 'search'>('card');
  const [clientId, setClientId] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const clients = useQuery(clientsQueryOptions(portal.portalId, { search: '', status: '', page: 1, pageSize: 100 }));
  const preview = useQuery(cardPreviewQueryOptions(portal.portalId, clientId));

  const parsed = portalConfigPatchSchema.safeParse(draft);
  const errors = new Map<string, string>();
  if (!parsed.success) for (const issue of parsed.error.issues) errors.set(String(issue.path[0]), issue.message);
  const dirty = templateKeys.some((k) => draft[k] !== base[k]);

  const save = useMutation({
    mutationFn: (config: Partial<Template>) => api.patch<AppPortal>(`/api/v1/portals/${encodeURIComponent(portal.portalId)}`, { config }),
    onSuccess: async (_result, sent) => {
      setBase((b) => ({ ...b, ...sent }));
      setJustSaved(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setJustSaved(false), SAVED_MS);
      await Promise.all([queryClient.invalidateQueries({ queryKey: appPortalsQueryKey }), queryClient.invalidateQueries({ queryKey: portalKey(portal.portalId) })]);
    },
  });
  const set = <K extends TemplateKey>(key: K, value: Template[K]) => {
    setJustSaved(false);
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const submit = () => {
    if (!parsed.success || !dirty) return;
    const changed = Object.fromEntries(templateKeys.filter((k) => draft[k] !== base[k]).map((k) => [k, draft[k]])) as Partial<Template>;
    save.mutate(changed);
  };

  const plan = useBusinessPlan();
  // Basic branding (D12): the title, messages and background colour show their defaults and cannot be changed here;
  // what was saved before stays stored for an upgrade.
  const locked = plan !== undefined && !planAllows(plan, 'customBranding');
  const look: PortalConfig = plan ? brandingForPlan(plan, { ...saved, ...draft }, defaultPortalConfig()) : { ...saved, ...draft };
  const noClients = preview.error instanceof ApiError && preview.error.code === NO_CLIENTS_ERROR;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        aria-label="Template"
      >
        <Card>
          <CardHeader>
            <CardTitle>Texts</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {locked && plan ? <UpgradeCard feature="customBranding" plan={plan} compact /> : null}
            <Field label="Portal title" error={errors.get('title')}>
              {(id) => <Input id={id} value={look.title} maxLength={120} disabled={locked} onChange={(e) => set('title', e.target.value)} />}
            </Field>
            <Field label="Welcome message" error={errors.get('welcomeMessage')}>
              {(id) => <TextArea id={id} value={look.welcomeMessage} maxLength={500} disabled={locked} onChange={(v) => set('welcomeMessage', v)} />}
            </Field>
            <Field label="Custom message" error={errors.get('customMessage')}>
              {(id) => <TextArea id={id} value={look.customMessage} maxLength={1000} disabled={locked} onChange={(v) => set('customMessage', v)} />}
            </Field>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Colours</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <Colour label="Primary colour" value={draft.primaryColor} error={errors.get('primaryColor')} onChange={(v) => set('primaryColor', v)} />
            <Colour label="Background colour" value={look.backgroundColor} disabled={locked} error={errors.get('backgroundColor')} onChange={(v) => set('backgroundColor', v)} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>What clients see</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {sections.map((s) => (
              <label key={s.key} className="flex items-center gap-2 text-sm">
                <Checkbox checked={draft[s.key]} onCheckedChange={(on) => set(s.key, on === true)} />
                {s.label}
              </label>
            ))}
          </CardContent>
        </Card>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!parsed.success || !dirty || save.isPending}>
            {save.isPending ? <Spinner /> : null} Save Template
          </Button>
          <Button type="button" variant="outline" disabled={!dirty || save.isPending} onClick={() => setDraft(base)}>
            <RotateCcwIcon aria-hidden="true" /> Discard changes
          </Button>
          <span aria-live="polite" className="flex items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400">
            {justSaved ? (
              <>
                <DoneIcon aria-hidden="true" className="size-4" /> Saved!
              </>
            ) : dirty ? (
              <span className="font-normal text-muted-foreground">Unsaved changes</span>
            ) : null}
          </span>
          {save.isError ? <p className="w-full text-sm text-destructive">{errorMessage(save.error)}</p> : null}
        </div>
      </form>

      <section aria-labelledby="template-preview-title" className="min-w-0 space-y-3 lg:sticky lg:top-4 lg:self-start">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="template-preview-title" className="text-lg font-semibold">
            Live Preview
          </h2>
          <div className="flex flex-wrap items-end gap-2">
            <Segmented
              label="Preview page"
              value={view}
              onChange={setView}
              options={[
                { value: 'search', label: 'Search page' },
                { value: 'card', label: 'Result card' },
              ]}
            />
            <Segmented
              label="Preview width"
              value={device}
              onChange={setDevice}
              className="hidden sm:inline-flex"
              options={[
                { value: 'desktop', label: 'Desktop', icon: <MonitorIcon aria-hidden="true" className="size-4" /> },
                { value: 'phone', label: 'Phone', icon: <SmartphoneIcon aria-hidden="true" className="size-4" /> },
              ]}
            />
          </div>
        </div>
        <div>
          <Label htmlFor="template-sample-client" className="mb-1.5 block text-sm">
            Example client
          </Label>
          <select
            id="template-sample-client"
            value={clientId ?? preview.data?.clientId ?? ''}
            onChange={(e) => setClientId(e.target.value || null)}
            disabled={clients.isPending || noClients}
            className="h-9 w-full max-w-md rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {clients.data?.clients.length ? null : <option value="">{clients.isPending ? 'Loading clients...' : 'No clients'}</option>}
            {clients.data?.clients.map((c) => (
              <option key={c.clientId} value={c.clientId}>
                {c.name} ({c.status || 'no status'})
              </option>
            ))}
          </select>
          {clients.isError ? <p className="mt-1 text-sm text-destructive">{errorMessage(clients.error)}</p> : null}
        </div>
        <div className={device === 'phone' ? 'sm:flex sm:justify-center' : ''}>
          <div
            data-testid="template-preview"
            data-device={device}
            className={`@container w-full overflow-hidden rounded-xl border border-border shadow-sm ${device === 'phone' ? 'sm:max-w-[375px]' : ''}`}
          >
            <PortalPreview
              look={look}
              view={view}
              preview={preview.data ?? null}
              loading={preview.isPending}
              error={preview.isError && !noClients ? errorMessage(preview.error) : null}
              noClients={noClients}
              onRetry={() => void preview.refetch()}
            />
          </div>
        </div>
        <p className="text-xs text-muted-foreground">
          The preview follows the app's light or dark mode; your clients choose their own on the portal. Changes reach the portal when you save.
        </p>
      </section>
    </div>
  );
}

/** The public portal page drawn from the draft template (the same colours, texts, parts and classes as the portal). */
function PortalPreview({
  look,
  view,
  preview,
  loading,
  error,
  noClients,
  onRetry,
}: {
  look: PortalConfig;
  view: 'card' | 'search';
  preview: PreviewCard | null;
  loading: boolean;
  error: string | null;
  noClients: boolean;
  onRetry: () => void;
}) {
  const company = look.companyName;
  const contact = look.showContactInfo && (look.address || look.contactEmail || look.contactPhone);
  return (
    <div style={brandStyle(look)} className="flex min-h-[36rem] flex-col bg-[var(--portal-bg)] text-foreground dark:bg-background" aria-label="Portal preview" role="region">
      <div className="flex items-center gap-3 px-4 pt-4 @lg:px-6 @lg:pt-6">
        {look.logoUrl ? <PreviewLogo url={look.logoUrl} company={company} /> : null}
        {company ? <span className="truncate text-lg font-semibold text-[var(--portal-fg)] dark:text-foreground">{company}</span> : null}
      </div>
      <div className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-10 @lg:px-6 @lg:pt-10">
        <div className="text-center">
          <p className="text-3xl font-bold tracking-tight break-words text-[var(--portal-fg)] @lg:text-4xl dark:text-foreground" data-testid="preview-title">
            {look.title}
          </p>
          {look.welcomeMessage ? <p className="mt-3 text-lg break-words text-[var(--portal-fg-muted)] dark:text-muted-foreground">{look.welcomeMessage}</p> : null}
        </div>
        {look.customMessage ? (
          <p className="mx-auto mt-6 max-w-2xl rounded-xl border border-[var(--portal-primary)]/30 bg-card px-4 py-3 text-center text-sm leading-relaxed break-words text-card-foreground">
            {look.customMessage}
          </p>
        ) : null}
        <div className="mt-8">
          {view === 'search' || noClients ? (
            <>
              {noClients && view === 'card' ? (
                <p className="mb-3 rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
                  Your sheet has no clients yet, so there is no result card to show. Here is the search page.
                </p>
              ) : null}
              <SearchPreview requireVerification={look.requireVerification} />
            </>
          ) : loading ? (
            <div className={`${cardClass} flex items-center justify-center gap-2 p-10 text-muted-foreground`} role="status">
              <Spinner /> Loading the example client...
            </div>
          ) : error || !preview ? (
            <div className={`${cardClass} p-6 text-sm`} role="alert">
              <p className="font-semibold">Could not load the example client</p>
              <p className="mt-1 text-muted-foreground">{error ?? 'Please try again.'}</p>
              <button type="button" className={`${secondaryButton} mt-4`} onClick={onRetry}>
                Try again
              </button>
            </div>
          ) : (
            <CardPreview look={look} card={preview.card} />
          )}
        </div>
        {contact ? (
          <div className="mt-8 flex flex-col gap-2 text-sm text-[var(--portal-fg-muted)] @lg:flex-row @lg:flex-wrap @lg:gap-x-6 dark:text-muted-foreground" data-testid="preview-contact">
            {look.address ? (
              <span className="inline-flex items-center gap-2">
                <PinIcon /> {look.address}
              </span>
            ) : null}
            {look.contactEmail ? (
              <span className="inline-flex items-center gap-2">
                <MailIcon /> {look.contactEmail}
              </span>
            ) : null}
            {look.contactPhone ? (
              <span className="inline-flex items-center gap-2">
                <PhoneIcon /> {look.contactPhone}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="px-4 py-6 text-center text-sm text-[var(--portal-fg-muted)] dark:text-muted-foreground">{company ? `Powered by ${company}` : null}</div>
    </div>
  );
}

function PreviewLogo({ url, company }: { url: string; company: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === url) return null;
  return (
    <img
      src={url}
      alt={`${company} logo`}
      onError={() => setFailed(url)}
      referrerPolicy="no-referrer"
      className="h-10 w-auto max-w-[160px] rounded object-contain"
      data-testid="template-preview-logo"
    />
  );
}

function SearchPreview({ requireVerification }: { requireVerification: boolean }) {
  return (
    <div className={`${cardClass} p-5 @lg:p-7`}>
      <p className="text-lg font-semibold">Find your project</p>
      <p className="mt-4 text-sm font-medium">Email Address or Full Name</p>
      <div className="mt-2 flex flex-col gap-3 @lg:flex-row">
        <input type="text" readOnly tabIndex={-1} aria-label="Search box (preview)" placeholder="you@example.com or Jane Smith" className={textInput} />
        <span className={`${primaryButton} @lg:w-36`} aria-hidden="true">
          <SearchIcon /> Search
        </span>
      </div>
      <p className="mt-2 text-xs text-muted-foreground">
        {requireVerification ? 'For your privacy we will e-mail you a code before showing your project.' : 'Enter the e-mail address or the full name the team has on file.'}
      </p>
    </div>
  );
}

/**
 * The example client's card as the portal would answer it under the draft: the parts the draft hides are left
 * out (the server leaves them out of a real answer), and the insights text, which speaks of the position and the
 * estimate, only when both are shown.
 */
function draftCard(card: ClientCard, look: PortalConfig): ClientCard {
  const shown: ClientCard = { ...card };
  if (!look.showPriority) delete shown.position;
  if (!look.showEstimatedCompletion) {
    delete shown.estimatedCompletion;
    delete shown.estimateNote;
  } else if (look.estimateStyle === 'date' && shown.estimateNote) shown.estimateNote = { ...shown.estimateNote, range: undefined };
  if (!look.showNotes) delete shown.notes;
  if (!look.showDueDate) delete shown.dueDate;
  if (!look.showProgressBar) delete shown.progress;
  if (!(look.showPriority && look.showEstimatedCompletion)) shown.insights = null;
  return shown;
}

/** The portal's own result card (web/portal/card-view.tsx) for the example client, its controls drawn inert. */
function CardPreview({ look, card }: { look: PortalConfig; card: ClientCard }) {
  return (
    <div data-testid="template-preview-card">
      <CardView
      client={draftCard(card, look)}
      mode="preview"
      refresh={
        <span aria-hidden="true" className={refreshClass}>
          <RefreshIcon className="size-5" />
        </span>
      }
      updates={
        look.allowClientUpdates ? (
          <div className="mt-6 border-t border-border pt-5" data-testid="preview-updates">
            <p className="text-base font-semibold">Send an update or question</p>
            <textarea readOnly tabIndex={-1} aria-label="Message (preview)" rows={3} className={`${textInput} mt-3 py-3`} placeholder="Write a short update or question for the team" />
            <span className={`${primaryButton} mt-3`} aria-hidden="true">
              Send message
            </span>
          </div>
        ) : null
      }
      />
    </div>
  );
}

function Segmented<T extends string>({
  label,
  value,
  onChange,
  options,
  className = '',
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: string; icon?: ReactNode }[];
  /** The group's display classes (default 'inline-flex'), e.g. 'hidden sm:inline-flex'. */
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={`${className || 'inline-flex'} rounded-md border border-border bg-background p-0.5`}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={`inline-flex h-8 items-center gap-1.5 rounded px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${
            value === o.value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground'
          }`}
        >
          {o.icon}
          {o.label}
        </button>
      ))}
    </div>
  );
}

function Field({ label, error, children }: { label: string; error?: string | undefined; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id} className="mb-1.5 block">
        {label}
      </Label>
      {children(id)}
      {error ? <p className="mt-1 text-sm text-destructive">{error}</p> : null}
    </div>
  );
}

function TextArea({ id, value, maxLength, disabled, onChange }: { id: string; value: string; maxLength: number; disabled?: boolean; onChange: (value: string) => void }) {
  return (
    <textarea
      id={id}
      value={value}
      disabled={disabled}
      maxLength={maxLength}
      rows={3}
      onChange={(e) => onChange(e.target.value)}
      className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60"
    />
  );
}

function Colour({ label, value, error, disabled, onChange }: { label: string; value: string; error?: string | undefined; disabled?: boolean; onChange: (value: string) => void }) {
  return (
    <Field label={label} error={error}>
      {(id) => (
        <div className="flex gap-2">
          <input
            type="color"
            aria-label={`${label} picker`}
            value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value.toUpperCase())}
            className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background disabled:cursor-not-allowed disabled:opacity-60"
          />
          <Input id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} className="font-mono" />
        </div>
      )}
    </Field>
  );
}
