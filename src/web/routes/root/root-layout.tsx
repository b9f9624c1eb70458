import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { MaintenanceGate } from '@web/features/admin/components/maintenance-gate';

const SCROLL_DELAY_MS = 300;

/**
 * Spec 2.2: on a route change the page scrolls to the top smoothly after 300 ms; going back (POP) keeps the
 * browser's position.
 */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP') return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const timer = window.setTimeout(() => {
      window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    }, SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, navigationType]);
}

/** The root of the route tree: behaviour shared by every page. */
export function RootLayout() {
  useScrollToTopOnNavigate();
  return (
    <MaintenanceGate>
      <Outlet />
    </MaintenanceGate>
  );
}
