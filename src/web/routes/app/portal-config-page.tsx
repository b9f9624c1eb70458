import { cardColumns, cardColumnsSentence } from '@core/card-columns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BellIcon, CheckIcon, ExternalLinkIcon, ImageIcon, LayoutTemplateIcon, PaletteIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { brandingForPlan, customBrandingFields, planAllows } from '@core/plan-features';
import { defaultPortalConfig, portalConfigPatchSchema, type PortalConfig } from '@core/portal-config';
import { LOGO_MAX_BYTES, UPLOADED_LOGO_PATH } from '@core/portal-logo';
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
import { appPortalsQueryKey, useCurrentPortal, type AppPortal } from '@web/features/dashboard/api/portals';
import { useBusinessPlan } from '@web/features/billing/api/use-business-plan';
import { isPlanFeatureError, PlanFeatureNotice, UpgradeCard } from '@web/features/billing/components/upgrade-card';
import { useRemovePortalLogo, useUploadPortalLogo } from '@web/features/portals/api/use-portal-logo';
import { CustomDomainCard } from '@web/features/portals/components/custom-domain-card';
import { api, errorMessage } from '@web/lib/api-client';
import { paths } from '@web/lib/paths';
import { brandButton } from '@web/portal/brand';
import { ConnectSheetButton } from './connect-sheet-button';

/** 'Saved!' shows this long (spec 9). */
const SAVED_MS = 3000;

type TextKey = 'companyName' | 'title' | 'welcomeMessage' | 'customMessage' | 'contactEmail' | 'contactPhone' | 'address';
type ColourKey = 'primaryColor' | 'backgroundColor';
type ToggleKey = 'showPriority' | 'showNotes' | 'showDueDate' | 'allowClientUpdates' | 'showContactInfo' | 'showProgressBar' | 'requireVerification';

const toggles: { key: ToggleKey; label: string }[] = [
  { key: 'showPriority', label: 'Show queue position' },
  { key: 'showNotes', label: 'Show notes' },
  { key: 'showDueDate', label: 'Show due date' },
  { key: 'allowClientUpdates', label: 'Allow client updates' },
  { key: 'showContactInfo', label: 'Show contact info' },
  { key: 'showProgressBar', label: 'Show progress bar' },
  { key: 'requireVerification', label: 'Require verification (e-mailed code before the project is shown)' },
];

/** What the card shows of the estimate (issue 20): the range, the most likely date alone, or none. */
const estimateChoices = [
  { value: 'range', label: 'Range', hint: 'the most likely date and the range it very likely falls in' },
  { value: 'date', label: 'Single date', hint: 'the most likely date alone' },
  { value: 'none', label: 'No estimate', hint: '' },
] as const;

function EstimateChoice({ draft, set }: { draft: PortalConfig; set: <K extends keyof PortalConfig>(key: K, value: PortalConfig[K]) => void }) {
  const current = draft.showEstimatedCompletion ? draft.estimateStyle : 'none';
  return (
    <fieldset className="grid gap-2 text-sm">
      <legend className="mb-1 font-medium">Estimated completion shown to clients</legend>
      {estimateChoices.map((c) => (
        <label key={c.value} className="flex items-start gap-2">
          <input
            type="radio"
            name="estimate-choice"
            className="mt-0.5 size-4 accent-primary"
            checked={current === c.value}
            onChange={() => {
              set('showEstimatedCompletion', c.value !== 'none');
              if (c.value !== 'none') set('estimateStyle', c.value);
            }}
          />
          <span>
            {c.label}
            {c.hint ? <span className="text-muted-foreground"> — {c.hint}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** /app/configurator (spec 2.15): branding and display options, saved to the server, with the real portal as preview. */
export function PortalConfigPage() {
  const current = useCurrentPortal();
  const portal = current.portal;
  const plan = useBusinessPlan();
  return (
    <>
      <PageTitle title="Portal Configurator" />
      <PageHeader title="Portal Configurator" description="Branding and display options of your client portal." />
      {current.query.isPending ? (
        <LoadingState />
      ) : current.query.isError ? (
        <LoadError title="Could not load your portal" error={current.query.error} onRetry={() => current.query.refetch()} />
      ) : !portal || !current.hasSource ? (
        <EmptyState
          icon={PaletteIcon}
          title="Connect Google Sheets First"
          description="Your portal's logo, colours, welcome message and display options are set here once your client sheet is connected. No data source is connected yet."
        >
          <ConnectSheetButton />
        </EmptyState>
      ) : (
        <>
          <ConfigForm key={portal.portalId} portal={portal} />
          <div className="mt-6 max-w-3xl">
            <CustomDomainCard key={portal.portalId} portalId={portal.portalId} plan={plan} />
          </div>
        </>
      )}
    </>
  );
}

function ConfigForm({ portal }: { portal: AppPortal }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PortalConfig>(portal.config as unknown as PortalConfig);
  const [saved, setSaved] = useState(false);
  const [previewVersion, setPreviewVersion] = useState(0);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const parsed = portalConfigPatchSchema.safeParse(draft);
  const errors = new Map<string, string>();
  if (!parsed.success) for (const issue of parsed.error.issues) errors.set(String(issue.path[0]), issue.message);

  const save = useMutation({
    mutationFn: (config: PortalConfig) => api.patch<AppPortal>(`/api/v1/portals/${encodeURIComponent(portal.portalId)}`, { config }),
    onSuccess: async () => {
      setSaved(true);
      setPreviewVersion((v) => v + 1);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setSaved(false), SAVED_MS);
      await queryClient.invalidateQueries({ queryKey: appPortalsQueryKey });
    },
  });

  const plan = useBusinessPlan();
  // Basic branding (D12): company name, logo and primary colour; the rest shows its default on the portal and here,
  // and what was saved before stays stored for an upgrade.
  const locked = plan !== undefined && !planAllows(plan, 'customBranding');
  const defaults = defaultPortalConfig();
  const shown = plan ? brandingForPlan(plan, draft, defaults) : draft;
  const keptForUpgrade = locked && customBrandingFields.some((f) => draft[f] !== defaults[f]);
  const set = <K extends keyof PortalConfig>(key: K, value: PortalConfig[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (parsed.success) save.mutate(draft);
  };
  const isLocked = (key: string) => locked && (customBrandingFields as readonly string[]).includes(key);
  const text = (key: TextKey, label: string, opts: { multiline?: boolean; type?: string } = {}) => (
    <Field id={`config-${key}`} label={label} error={errors.get(key)}>
      {opts.multiline ? (
        <textarea
          id={`config-${key}`}
          value={shown[key]}
          disabled={isLocked(key)}
          onChange={(e) => set(key, e.target.value)}
          rows={3}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60"
        />
      ) : (
        <Input id={`config-${key}`} type={opts.type ?? 'text'} value={shown[key]} disabled={isLocked(key)} onChange={(e) => set(key, e.target.value)} />
      )}
    </Field>
  );
  const colour = (key: ColourKey, label: string) => (
    <Field id={`config-${key}`} label={label} error={errors.get(key)}>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={/^#[0-9a-f]{6}$/i.test(shown[key]) ? shown[key] : '#000000'}
          disabled={isLocked(key)}
          onChange={(e) => set(key, e.target.value.toUpperCase())}
          className="h-9 w-12 cursor-pointer rounded-md border border-input bg-background disabled:cursor-not-allowed disabled:opacity-60"
        />
        <Input id={`config-${key}`} value={shown[key]} disabled={isLocked(key)} onChange={(e) => set(key, e.target.value)} className="font-mono" />
      </div>
    </Field>
  );

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form onSubmit={submit} className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Branding</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {locked && plan ? (
              <div className="sm:col-span-2">
                <UpgradeCard feature="customBranding" plan={plan} compact />
                {keptForUpgrade ? (
                  <p className="mt-2 text-xs text-muted-foreground" data-testid="branding-kept">
                    Your saved title, messages and colours are kept, and shown again when you upgrade.
                  </p>
                ) : null}
              </div>
            ) : null}
            {text('companyName', 'Company name')}
            {text('title', 'Portal title')}
            {colour('primaryColor', 'Primary colour')}
            {colour('backgroundColor', 'Background colour')}
            <div className="sm:col-span-2">
              <LogoField
                portalId={portal.portalId}
                logoUrl={draft.logoUrl}
                error={errors.get('logoUrl')}
                onChange={(url, uploaded) => {
                  set('logoUrl', url);
                  if (uploaded) setPreviewVersion((v) => v + 1);
                }}
              />
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Messages</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {text('welcomeMessage', 'Welcome message', { multiline: true })}
            {text('customMessage', 'Custom message', { multiline: true })}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Contact</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {text('contactEmail', 'Contact email', { type: 'email' })}
            {text('contactPhone', 'Contact phone')}
            <div className="sm:col-span-2">{text('address', 'Address')}</div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Display</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <EstimateChoice draft={draft} set={set} />
            {toggles.map((t) => (
              <label key={t.key} className="flex items-center gap-2 text-sm">
                <Checkbox checked={draft[t.key]} onCheckedChange={(on) => set(t.key, on === true)} />
                {t.label}
              </label>
            ))}
            <p className="text-sm text-muted-foreground" data-testid="card-columns">
              {cardColumnsSentence(cardColumns(portal.source.columnMapping ?? {}, draft))}
            </p>
          </CardContent>
        </Card>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!parsed.success || save.isPending}>
            {save.isPending ? <Spinner /> : null} Save Configuration
          </Button>
          <span aria-live="polite" className="flex items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400">
            {saved ? (
              <>
                <CheckIcon aria-hidden="true" className="size-4" /> Saved!
              </>
            ) : null}
          </span>
          {save.isError ? (
            isPlanFeatureError(save.error) ? (
              <PlanFeatureNotice error={save.error} />
            ) : (
              <span className="text-sm text-destructive">{errorMessage(save.error)}</span>
            )
          ) : null}
        </div>
      </form>

      <div className="space-y-4 xl:sticky xl:top-4 xl:self-start">
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>Live Preview</CardTitle>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline" size="sm">
                <Link to={paths.app.templateConfig}>
                  <LayoutTemplateIcon aria-hidden="true" /> Template editor
                </Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link to={paths.app.notifications}>
                  <BellIcon aria-hidden="true" /> Client e-mails
                </Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <a href={paths.portal(portal.portalId)} target="_blank" rel="noreferrer noopener">
                  <ExternalLinkIcon aria-hidden="true" /> Open portal
                </a>
              </Button>
            </div>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="overflow-hidden rounded-lg border border-border" style={{ backgroundColor: shown.backgroundColor }} data-testid="config-preview">
              <div className="flex items-center gap-3 px-4 py-3" style={headerColours(draft.primaryColor)}>
                {draft.logoUrl ? (
                  <img key={draft.logoUrl} src={draft.logoUrl} alt="" data-testid="preview-logo" className="size-8 rounded bg-white object-contain" onError={(e) => (e.currentTarget.style.display = 'none')} />
                ) : null}
                <div className="min-w-0">
                  <p className="truncate font-semibold">{shown.title || 'Client Status Tracker'}</p>
                  <p className="truncate text-xs">{draft.companyName}</p>
                </div>
              </div>
              <div className="space-y-1 px-4 py-3 text-sm" style={{ color: readableOn(shown.backgroundColor) }}>
                <p className="font-medium">{shown.welcomeMessage}</p>
                <p>{shown.customMessage}</p>
              </div>
            </div>
            <div>
              <p className="mb-2 text-xs text-muted-foreground">Your portal as clients see it (updates when you save):</p>
              <iframe key={previewVersion} title="Portal preview" src={paths.portal(portal.portalId)} className="h-[32rem] w-full rounded-lg border border-border bg-white" />
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/**
 * The logo: an uploaded image (stored by StatusLink, PNG, JPEG, WebP or GIF up to 512 KB) or an address. An upload
 * is saved at once (the configuration's logoUrl then points at it); a typed address is saved with the form.
 */
function LogoField({ portalId, logoUrl, error, onChange }: { portalId: string; logoUrl: string; error?: string | undefined; onChange: (url: string, uploaded: boolean) => void }) {
  const upload = useUploadPortalLogo(portalId);
  const remove = useRemovePortalLogo(portalId);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploaded = UPLOADED_LOGO_PATH.test(logoUrl);
  const busy = upload.isPending || remove.isPending;
  const pick = (file: File | undefined) => {
    if (!file) return;
    remove.reset();
    upload.mutate(file, { onSuccess: (r) => onChange(r.logoUrl, true) });
  };
  const failure = upload.error ?? remove.error;
  return (
    <div className="space-y-3">
      <Label htmlFor="config-logoFile" className="block">
        Logo
      </Label>
      <div className="flex flex-wrap items-start gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-white" aria-hidden={!logoUrl}>
          {logoUrl ? (
            <img key={logoUrl} src={logoUrl} alt="Current logo" data-testid="config-logo-thumb" className="max-h-full max-w-full object-contain" onError={(e) => (e.currentTarget.style.display = 'none')} />
          ) : (
            <ImageIcon aria-hidden="true" className="size-6 text-gray-400" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={fileInput}
            id="config-logoFile"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => fileInput.current?.click()}>
              {upload.isPending ? <Spinner /> : <UploadIcon aria-hidden="true" />} {uploaded ? 'Replace image' : 'Upload image'}
            </Button>
            {uploaded ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => {
                  upload.reset();
                  remove.mutate(undefined, { onSuccess: () => onChange('', true) });
                }}
              >
                {remove.isPending ? <Spinner /> : <Trash2Icon aria-hidden="true" />} Remove uploaded logo
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground">
            PNG, JPEG, WebP or GIF, up to {LOGO_MAX_BYTES / 1024} KB. SVG is not accepted. {uploaded ? 'An uploaded image is stored with your portal and saved at once.' : ''}
          </p>
        </div>
      </div>
      {uploaded ? (
        <p className="text-sm text-muted-foreground" data-testid="logo-uploaded-note">
          Using your uploaded image.
        </p>
      ) : (
        <div>
          <Label htmlFor="config-logoUrl" className="mb-1.5 block text-sm font-normal text-muted-foreground">
            Or the logo's address (https://...)
          </Label>
          <Input id="config-logoUrl" type="url" inputMode="url" placeholder="https://example.com/logo.png" value={logoUrl} onChange={(e) => onChange(e.target.value, false)} />
        </div>
      )}
      {error && !uploaded ? <p className="text-sm text-destructive">{error}</p> : null}
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(failure)}
        </p>
      ) : null}
    </div>
  );
}

/** The header as the portal paints its buttons: the brand colour (darkened a little if needed) with 4.5:1 text. */
function headerColours(primary: string): { backgroundColor: string; color: string } {
  if (!/^#[0-9a-f]{6}$/i.test(primary)) return { backgroundColor: '#3B82F6', color: readableOn('#3B82F6') };
  const shade = brandButton(primary);
  return { backgroundColor: shade.background, color: shade.text };
}

/** Black or white text, whichever reads better on the colour (WCAG relative luminance). */
function readableOn(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#111827';
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = parseInt(c!, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return lum > 0.179 ? '#111827' : '#FFFFFF';
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string | undefined; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id} className="mb-1.5 block">
        {label}
      </Label>
      {children}
      {error ? <p className="mt-1 text-sm text-destructive">{error}</p> : null}
    </div>
  );
}
