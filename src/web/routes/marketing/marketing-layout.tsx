import { Outlet, useLocation } from 'react-router';
import { useHydrated } from '@web/features/marketing/lib/use-hydrated';
import { MarketingFooter } from './marketing-footer';
import { MarketingTopBar } from './marketing-top-bar';

/** The public shell: top bar, page, footer. Pages add the call-to-action band themselves where the spec has one. */
export function MarketingLayout() {
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-dvh flex-col" data-hydrated={hydrated ? 'true' : undefined}>
      <MarketingTopBar />
      <main key={location.pathname} className="page-fade-in flex flex-1 flex-col">
        <Outlet />
      </main>
      <MarketingFooter />
    </div>
  );
}
