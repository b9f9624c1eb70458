// Shared class lists of the portal's buttons and fields. Brand colours come in as CSS custom properties set on the
// page root (portal-app.tsx), so no colour is ever written into CSS text.

export const primaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-[var(--portal-primary)] px-5 text-base font-semibold text-[var(--portal-on-primary)] shadow-sm transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--portal-ring)] disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-border bg-card px-4 text-sm font-medium text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--portal-ring)] disabled:cursor-not-allowed disabled:opacity-60';

export const textInput =
  'block w-full min-h-12 rounded-lg border border-input bg-background px-4 text-base text-foreground placeholder:text-muted-foreground focus:border-[var(--portal-ring)] focus:outline-2 focus:outline-offset-0 focus:outline-[var(--portal-ring)]';

export const card = 'rounded-2xl border border-border bg-card text-card-foreground shadow-sm';
