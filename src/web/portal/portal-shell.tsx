import { useState, type CSSProperties, type ReactNode } from 'react';
import type { PublicPortalConfig } from './api';
import { accentOn, brandButton, safeColour, textOn } from './brand';
import { MailIcon, PhoneIcon, PinIcon } from './icons';
import { ThemeButton } from './theme-button';

const DEFAULT_PRIMARY = '#3B82F6';
const DEFAULT_BACKGROUND = '#F9FAFB';

/** The brand colours as CSS custom properties on the page root (read by the class lists in styles.ts). */
export function brandStyle(config?: Pick<PublicPortalConfig, 'primaryColor' | 'backgroundColor'>): CSSProperties {
  const primary = safeColour(config?.primaryColor, DEFAULT_PRIMARY);
  const background = safeColour(config?.backgroundColor, DEFAULT_BACKGROUND);
  const button = brandButton(primary);
  return {
    '--portal-primary': button.background,
    '--portal-on-primary': button.text,
    '--portal-ring': primary,
    '--portal-accent': accentOn(button.background, '#ffffff', '#0a0a0a'),
    '--portal-accent-dark': accentOn(primary, '#171717', '#fafafa'),
    '--portal-bg': background,
    '--portal-fg': textOn(background) === '#ffffff' ? '#ffffff' : '#0a0a0a',
    '--portal-fg-muted': textOn(background) === '#ffffff' ? '#e5e5e5' : '#404040',
  } as CSSProperties;
}

/** The company logo; hidden when it fails to load (spec 8). */
function Logo({ url, companyName }: { url: string; companyName: string }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return null;
  return (
    <img
      src={url}
      alt={`${companyName} logo`}
      onError={() => setFailed(true)}
      referrerPolicy="no-referrer"
      decoding="async"
      className="h-10 w-auto max-w-[160px] rounded object-contain"
      data-testid="portal-logo"
    />
  );
}

/** Page frame: branded header with logo and dark-mode switch, the content, contact details and the footer. */
export function PortalShell({ config, children }: { config?: PublicPortalConfig; children: ReactNode }) {
  const company = config?.companyName ?? '';
  return (
    <div style={brandStyle(config)} className="flex min-h-dvh flex-col bg-[var(--portal-bg)] text-foreground dark:bg-background">
      <header className="mx-auto flex w-full max-w-3xl items-center justify-between gap-3 px-4 pt-4 sm:px-6 sm:pt-6">
        <div className="flex min-w-0 items-center gap-3">
          {config ? <Logo url={config.logoUrl} companyName={company} /> : null}
          {company ? <span className="min-w-0 text-lg leading-snug font-semibold break-words text-[var(--portal-fg)] dark:text-foreground">{company}</span> : null}
        </div>
        <ThemeButton />
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-12 sm:px-6 sm:pt-10">
        {children}
        {config?.contact && (config.contact.address || config.contact.email || config.contact.phone) ? <Contact contact={config.contact} /> : null}
      </main>
      <footer className="flex flex-wrap items-baseline justify-center gap-x-3 gap-y-1 px-4 py-6 text-center text-sm text-[var(--portal-fg-muted)] dark:text-muted-foreground">
        {company ? <span>Powered by {company}</span> : null}
        {config?.poweredBy ? (
          // Plans without white-label (D12, D14): the platform's name, small, beside the business's own footer.
          <a href={config.poweredBy.url} target="_blank" rel="noopener" className="text-xs underline-offset-4 hover:underline" data-testid="portal-powered-by">
            Powered by {config.poweredBy.name}
          </a>
        ) : null}
      </footer>
    </div>
  );
}

function Contact({ contact }: { contact: NonNullable<PublicPortalConfig['contact']> }) {
  return (
    <address className="mt-8 flex flex-col gap-2 text-sm not-italic text-[var(--portal-fg-muted)] sm:flex-row sm:flex-wrap sm:gap-x-6 dark:text-muted-foreground">
      {contact.address ? (
        <span className="inline-flex items-center gap-2">
          <PinIcon /> {contact.address}
        </span>
      ) : null}
      {contact.email ? (
        <a className="inline-flex items-center gap-2 underline-offset-4 hover:underline" href={`mailto:${contact.email}`}>
          <MailIcon /> {contact.email}
        </a>
      ) : null}
      {contact.phone ? (
        <a className="inline-flex items-center gap-2 underline-offset-4 hover:underline" href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
          <PhoneIcon /> {contact.phone}
        </a>
      ) : null}
    </address>
  );
}
