import { Link } from 'react-router';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { paths } from '@web/lib/paths';
import { cn } from '@web/lib/cn';

/** The slim footer of the app, back office and auth pages. */
export function SiteFooter({ className }: { className?: string }) {
  const { config } = usePublicConfig();
  const year = new Date().getFullYear();
  return (
    <footer className={cn('border-t border-border bg-background', className)}>
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6 lg:px-8">
        <p>
          © {year} {config.platformName}. All rights reserved.
        </p>
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <Link className="hover:text-foreground hover:underline" to={paths.support}>
            Support
          </Link>
          <Link className="hover:text-foreground hover:underline" to={paths.privacyPolicy}>
            Privacy Policy
          </Link>
          <Link className="hover:text-foreground hover:underline" to={paths.termsOfService}>
            Terms of Service
          </Link>
        </nav>
      </div>
    </footer>
  );
}
