import { ArrowRightIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';

export type CtaVariant = 'default' | 'simple' | 'centered';

export interface CtaBandProps {
  variant?: CtaVariant;
  title?: string;
  subtitle?: string;
  primaryText?: string;
  primaryTo?: string;
  secondaryText?: string;
  secondaryTo?: string;
  /** Hides the secondary button (spec 2.2: "can be hidden"). */
  showSecondary?: boolean;
}

/**
 * The call-to-action band (spec 2.2) in three variants: default (a coloured band, text beside the buttons),
 * simple (a quiet bordered strip) and centered (text and buttons centred). Defaults are the spec's texts.
 */
export function CtaBand({
  variant = 'default',
  title = 'Ready to transform your client experience?',
  subtitle = 'Start your free trial today.',
  primaryText = 'Get Started',
  primaryTo = paths.signup,
  secondaryText = 'Contact Sales',
  secondaryTo = paths.contact,
  showSecondary = true,
}: CtaBandProps) {
  const titleId = useId();
  const coloured = variant !== 'simple';
  const buttons = (
    <div className={cn('flex flex-col gap-3 sm:flex-row', variant === 'centered' && 'justify-center')}>
      <Button asChild size="lg" className={coloured ? 'bg-white text-blue-800 hover:bg-blue-50' : undefined}>
        <Link to={primaryTo}>
          {primaryText} <ArrowRightIcon aria-hidden="true" />
        </Link>
      </Button>
      {showSecondary ? (
        <Button
          asChild
          size="lg"
          variant="outline"
          className={coloured ? 'border-white bg-transparent text-white hover:bg-white/10' : undefined}
        >
          <Link to={secondaryTo}>{secondaryText}</Link>
        </Button>
      ) : null}
    </div>
  );

  return (
    <section
      aria-labelledby={titleId}
      data-variant={variant}
      className={cn(
        variant === 'default' && 'bg-blue-700 dark:bg-blue-950',
        variant === 'centered' && 'bg-gradient-to-br from-blue-700 to-indigo-800 dark:from-blue-950 dark:to-indigo-950',
        variant === 'simple' && 'border-y border-border bg-muted/50',
      )}
    >
      <div
        className={cn(
          'mx-auto max-w-7xl px-4 sm:px-6 lg:px-8',
          variant === 'default' && 'flex flex-col items-start justify-between gap-6 py-14 md:flex-row md:items-center',
          variant === 'simple' && 'flex flex-col items-start justify-between gap-4 py-10 md:flex-row md:items-center',
          variant === 'centered' && 'py-16 text-center',
        )}
      >
        <div className={cn(variant === 'centered' && 'mx-auto mb-8 max-w-2xl')}>
          <h2
            id={titleId}
            className={cn('font-bold tracking-tight', coloured ? 'text-2xl text-white sm:text-3xl' : 'text-xl text-foreground sm:text-2xl')}
          >
            {title}
          </h2>
          <p className={cn('mt-2', coloured ? 'text-blue-100' : 'text-muted-foreground')}>{subtitle}</p>
        </div>
        {buttons}
      </div>
    </section>
  );
}
