import type { ReactNode, Ref } from 'react';
import { cn } from '@web/lib/cn';

/** The card every sign-in page sits in, with its page heading (h1). */
export function AuthCard({
  title,
  description,
  icon,
  children,
  className,
  headingRef,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className={cn('w-full max-w-md rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8', className)}>
      <div className="mb-6 text-center">
        {icon ? <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">{icon}</div> : null}
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
          {title}
        </h1>
        {description ? <p className="mt-2 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** A text link styled for the auth pages. */
export const authLinkClass = 'font-medium text-link underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring rounded-sm';
