import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { ClientCard } from './api';
import { formatDay } from './format';
import { InfoIcon } from './icons';
import { StatusBadge, progressTone } from './status-badge';
import { card as cardClass } from './styles';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-muted/60 p-4 dark:bg-muted/50">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-foreground">{children}</dd>
    </div>
  );
}

/** The look of the refresh control (the portal's button; the configurator's preview draws it inert). */
export const refreshClass = 'inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-border text-foreground';

/**
 * The card itself, shared by the portal and the Template Configurator's preview so the preview is the card.
 * 'page': the portal, with viewport breakpoints and a heading that takes the focus when the card appears.
 * 'preview': inside the app's page, with container breakpoints (the preview can be phone-wide on a desktop).
 */
export function CardView({ client, mode, refresh, updates }: { client: ClientCard; mode: 'page' | 'preview'; refresh: ReactNode; updates: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (mode === 'page') heading.current?.focus();
  }, [mode]);
  const page = mode === 'page';
  const showsPosition = 'position' in client;
  const showsEstimate = 'estimatedCompletion' in client;
  const completed = client.queueState === 'completed';
  const cancelled = client.queueState === 'cancelled';
  // The server's sentences about the estimate (range, when updated, basis, why it moved later): shown as they are.
  const note = client.estimateNote;
  const facts: { label: string; value: ReactNode }[] = [];
  if (showsPosition && !cancelled) {
    facts.push({ label: 'Queue position', value: completed ? 'Completed' : client.position != null ? `#${client.position}` : '—' });
  }
  if (showsEstimate && !cancelled && !completed) {
    facts.push({ label: 'Estimated completion', value: client.estimatedCompletion ? formatDay(client.estimatedCompletion, 'short') : '—' });
  }
  if ('dueDate' in client) facts.push({ label: 'Due date', value: client.dueDate ? formatDay(client.dueDate, 'short') : 'Not set' });
  // Literal class names (Tailwind finds them in the source): viewport breakpoints on the page, container ones in the preview.
  const columns =
    facts.length === 3 ? (page ? 'sm:grid-cols-3' : '@lg:grid-cols-3') : facts.length === 2 ? (page ? 'sm:grid-cols-2' : '@lg:grid-cols-2') : '';

  return (
    <section aria-labelledby={page ? 'portal-card-name' : undefined} className={`${cardClass} ${page ? 'p-5 sm:p-7' : 'p-5 @lg:p-7'}`}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={page ? 'portal-card-name' : undefined} ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight break-words outline-none">
            {client.name}
          </h2>
          <p className="mt-1 text-sm break-all text-muted-foreground">{client.email}</p>
        </div>
        {refresh}
      </div>

      <div className="mt-5">
        <p className="sr-only">Project status:</p>
        <StatusBadge badge={client.badge} />
      </div>

      {client.progress != null ? (
        <div className="mt-4">
          <div
            role="progressbar"
            aria-label="Project progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={client.progress}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className={`h-full rounded-full ${progressTone(client.badge)}`} style={{ width: `${client.progress}%` }} />
          </div>
        </div>
      ) : null}

      <dl className={`mt-6 grid gap-3 ${columns}`}>
        {facts.map((f) => (
          <Fact key={f.label} label={f.label}>
            {f.value}
          </Fact>
        ))}
      </dl>

      {note ? (
        <div className="mt-3 space-y-1 px-1 text-sm" data-testid="card-estimate">
          {note.range ? <p className="font-medium">{note.range}</p> : null}
          <p className="text-muted-foreground">{note.updated}</p>
          {note.reason ? <p>{note.reason}</p> : null}
        </div>
      ) : null}

      {client.insights ? (
        <div className="mt-6 flex gap-3 rounded-xl border border-[var(--portal-primary)]/30 bg-[var(--portal-primary)]/5 p-4 text-sm leading-relaxed dark:bg-[var(--portal-primary)]/10">
          <InfoIcon className="mt-0.5 size-5 shrink-0 text-[var(--portal-accent)] dark:text-[var(--portal-accent-dark)]" />
          <p>{client.insights}</p>
        </div>
      ) : null}

      {'notes' in client && client.notes ? (
        <div className="mt-6" data-testid="card-notes">
          <h3 className="text-base font-semibold">Project notes</h3>
          <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-muted-foreground">{client.notes}</p>
        </div>
      ) : null}

      {updates}
    </section>
  );
}
