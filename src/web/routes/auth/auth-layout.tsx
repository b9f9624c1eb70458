import { Outlet, useLocation } from 'react-router';
import { Brand } from '@web/components/brand';
import { SiteFooter } from '@web/components/site-footer';
import { ThemeToggle } from '@web/components/theme-toggle';

/** Chrome of the sign-in pages: a slim top bar with the dark-mode toggle, the page, a footer. */
export function AuthLayout() {
  const location = useLocation();
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40 dark:bg-background">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
          <Brand />
          <ThemeToggle />
        </div>
      </header>
      <main key={location.pathname} className="page-fade-in flex flex-1 flex-col items-center px-4 py-10 sm:py-14">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
