import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MarketingFooter } from './marketing-footer';
import { MarketingTopBar } from './marketing-top-bar';

/** The public shell: top bar, page, footer. Pages add the call-to-action band themselves where the spec has one. */
export function MarketingLayout() {
  const location = useLocation();
  const shell = useRef<HTMLDivElement>(null);
  // `data-hydrated` marks the moment React has taken over the pre-rendered HTML (browser tests wait for it).
  // Set on the element directly: a state change here would re-render the whole page in one long task right
  // after hydration, which is what made the public pages slow to become responsive on phones.
  useEffect(() => {
    shell.current?.setAttribute('data-hydrated', 'true');
  }, []);
  return (
    <div ref={shell} className="flex min-h-dvh flex-col">
      <MarketingTopBar />
      <main key={location.pathname} className="page-fade-in flex flex-1 flex-col">
        <Outlet />
      </main>
      <MarketingFooter />
    </div>
  );
}
