import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/** An honest "nothing here yet" panel: icon, title, one line, optional actions. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
  className,
  headingLevel = 2,
}: {
  icon?: LucideIcon;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  className?: string;
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = `h${headingLevel}` as 'h1' | 'h2' | 'h3';
  return (
    <div className={cn('flex flex-col items-center rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center', className)}>
      {Icon ? (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-6" />
        </div>
      ) : null}
      <Heading className="text-lg font-semibold">{title}</Heading>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">{description}</p>
      {children ? <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}
