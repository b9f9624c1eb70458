import { MenuIcon, XIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Brand } from '@web/components/brand';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useMenuDismiss } from '@web/lib/use-menu-dismiss';
import { paths } from '@web/lib/paths';

const links = [
  { to: paths.home, label: 'Home' },
  { to: paths.features, label: 'Features' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.resources, label: 'Resources' },
  { to: paths.contact, label: 'Contact' },
];

/** Spec 2.2: exact match for '/', prefix match otherwise. */
export function isLinkActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

const HIDE_AFTER = 100;
const THRESHOLD = 10;

/** Hidden while scrolling down past 100 px (10 px threshold); shown when scrolling up or near the top. */
function useHideOnScroll(disabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  const lastY = useRef(0);
  useEffect(() => {
    lastY.current = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const delta = y - lastY.current;
      if (Math.abs(delta) < THRESHOLD) return;
      setHidden(delta > 0 && y > HIDE_AFTER);
      lastY.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden && !disabled;
}

/** The public top bar: links, Login / Sign Up, dark-mode toggle, and a menu on small screens. */
export function MarketingTopBar() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const menuId = useId();
  const hidden = useHideOnScroll(menuOpen);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useMenuDismiss(menuOpen, closeMenu, headerRef, toggleRef);

  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  const linkClass = (active: boolean) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
      active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
    );

  return (
    <header
      ref={headerRef}
      className={cn(
        'sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur transition-transform duration-300 supports-[backdrop-filter]:bg-background/85',
        hidden && '-translate-y-full',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Brand />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => {
              const active = isLinkActive(pathname, link.to);
              return (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass(active)} aria-current={active ? 'page' : undefined}>
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 md:flex">
            <Button asChild variant="ghost" size="sm" className={cn(isLinkActive(pathname, paths.login) && 'bg-accent text-accent-foreground')}>
              <Link to={paths.login}>Login</Link>
            </Button>
            <Button asChild size="sm">
              <Link to={paths.signup}>Sign Up</Link>
            </Button>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            ref={toggleRef}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {menuOpen ? (
        <div id={menuId} className="border-t border-border bg-background px-4 py-3 md:hidden">
          <nav aria-label="Main (menu)">
            <ul className="flex flex-col gap-1">
              {links.map((link) => {
                const active = isLinkActive(pathname, link.to);
                return (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className={cn(linkClass(active), 'block text-base')}
                      aria-current={active ? 'page' : undefined}
                      onClick={() => setMenuOpen(false)}
                    >
                      {link.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="mt-3 grid grid-cols-2 gap-3 border-t border-border pt-3">
            <Button asChild variant="outline">
              <Link to={paths.login} onClick={() => setMenuOpen(false)}>
                Login
              </Link>
            </Button>
            <Button asChild>
              <Link to={paths.signup} onClick={() => setMenuOpen(false)}>
                Sign Up
              </Link>
            </Button>
          </div>
        </div>
      ) : null}
    </header>
  );
}
