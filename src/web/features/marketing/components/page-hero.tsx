import { useId, type ReactNode } from 'react';

/** The heading band at the top of a public page. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="border-b border-border bg-gradient-to-b from-accent/70 to-background">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20 lg:px-8">
        {eyebrow ? <p className="mb-3 text-sm font-semibold tracking-wide text-accent-foreground uppercase">{eyebrow}</p> : null}
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {children ? <div className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground text-pretty">{children}</div> : null}
      </div>
    </section>
  );
}

/** A centred section with an optional heading. */
export function Section({
  id,
  title,
  intro,
  children,
  className,
}: {
  id?: string;
  title?: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const generated = useId();
  const headingId = id ? `${id}-title` : generated;
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={className}>
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        {title ? (
          <div className="mx-auto mb-10 max-w-3xl text-center">
            <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance">
              {title}
            </h2>
            {intro ? <p className="mt-3 text-lg text-muted-foreground text-pretty">{intro}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
