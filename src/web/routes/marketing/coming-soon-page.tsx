import { ArrowLeftIcon, LayoutDashboardIcon, RocketIcon } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { Brand } from '@web/components/brand';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import type { ComingSoonFeature } from '@core/coming-soon';
import { comingSoonFeatures } from '@web/content/site-map';
import { NotifyForm } from '@web/features/marketing/components/notify-form';
import { useHydrated } from '@web/features/marketing/lib/use-hydrated';
import { Seo } from '@web/features/marketing/components/seo';
import { paths } from '@web/lib/paths';

/** Spec 9: default estimated release. */
export const DEFAULT_ESTIMATED_RELEASE = 'Q3 2025';

/**
 * /coming-soon/:featureName (spec 2.8): title, subtitle, feature name and estimated release, the notify-me form
 * and links home and to the dashboard. Announced features (content/site-map.ts) have their texts and release (the
 * props override them); any other name goes to the features page: a waitlist is for announced features only.
 */
export function ComingSoonPage({
  title,
  subtitle,
  estimatedRelease,
}: {
  title?: string;
  subtitle?: string;
  estimatedRelease?: string;
} = {}) {
  const { featureName = '' } = useParams();
  const hydrated = useHydrated();
  const feature = featureName.trim().toLowerCase().slice(0, 100);
  if (!Object.hasOwn(comingSoonFeatures, feature)) return <Navigate to={paths.features} replace />;
  const known = comingSoonFeatures[feature as ComingSoonFeature];
  const featureTitle = known.title;
  const heading = title ?? 'Coming Soon';
  const text = subtitle ?? known.subtitle;
  const release = estimatedRelease ?? known.release ?? DEFAULT_ESTIMATED_RELEASE;

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-accent/70 to-background" data-hydrated={hydrated ? 'true' : undefined}>
      <Seo title={`${featureTitle}: coming soon`} description={`${featureTitle} is coming soon. ${text}`} />
      <header className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between px-4 sm:px-6">
        <Brand />
        <ThemeToggle />
      </header>
      <main className="page-fade-in flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-xl text-center">
          <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <RocketIcon aria-hidden="true" className="size-7" />
          </div>
          <p className="text-sm font-semibold tracking-wide text-accent-foreground uppercase">{heading}</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-balance">{featureTitle}</h1>
          <p className="mt-4 text-lg text-muted-foreground text-pretty">{text}</p>
          <p className="mt-6 inline-flex rounded-full border border-border bg-background px-4 py-1.5 text-sm">
            Estimated release:&nbsp;<strong data-testid="estimated-release">{release}</strong>
          </p>
          <div className="mt-8">
            <NotifyForm feature={feature} featureTitle={featureTitle} />
          </div>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild variant="outline">
              <Link to={paths.home}>
                <ArrowLeftIcon aria-hidden="true" /> Back to home
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={paths.app.dashboard}>
                <LayoutDashboardIcon aria-hidden="true" /> Go to dashboard
              </Link>
            </Button>
          </div>
        </div>
      </main>
    </div>
  );
}
