import { MenuIcon, XIcon } from 'lucide-react';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Brand } from '@web/components/brand';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useMenuDismiss } from '@web/lib/use-menu-dismiss';

export interface ShellNavItem {
  to: string;
  label: string;
  /** Other path prefixes that also mark this item active (e.g. /app/setup for Google Sheets). */
  alsoActiveOn?: string[];
}

function matches(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The item matching the current path; `fallback` (e.g. Dashboard) when none does. */
function activeItem(items: ShellNavItem[], pathname: string, fallback?: string): string | undefined {
  const hit = items.find((item) => [item.to, ...(item.alsoActiveOn ?? [])].some((p) => matches(pathname, p)));
  return hit?.to ?? fallback;
}

/**
 * Header of the /app and /admin shells: brand, navigation (a row of tabs from md up, a menu below),
 * the signed-in user, the dark-mode toggle and the sign-out action.
 */
export function ShellHeader({
  brandTo,
  brandSuffix,
  navLabel,
  items,
  fallbackActive,
  user,
  signOut,
}: {
  brandTo: string;
  brandSuffix?: string;
  navLabel: string;
  items: ShellNavItem[];
  fallbackActive?: string;
  user?: ReactNode;
  signOut: ReactNode;
}) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const menuId = useId();
  const active = activeItem(items, pathname, fallbackActive);

  // Close the menu when the route changes.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useMenuDismiss(menuOpen, closeMenu, headerRef, toggleRef);

  const linkClass = (isActive: boolean) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
      isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
    );

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Brand to={brandTo} suffix={brandSuffix} />
        <div className="flex items-center gap-1 sm:gap-2">
          {user ? <div className="hidden items-center gap-2 sm:flex">{user}</div> : null}
          <ThemeToggle />
          <div className="hidden md:block">{signOut}</div>
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

      <nav aria-label={navLabel} className="hidden border-t border-border md:block">
        <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 py-2 sm:px-6 lg:px-8">
          {items.map((item) => (
            <li key={item.to} className="shrink-0">
              <Link to={item.to} className={linkClass(active === item.to)} aria-current={active === item.to ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {menuOpen ? (
        <div id={menuId} className="border-t border-border bg-background md:hidden">
          <nav aria-label={`${navLabel} (menu)`} className="px-4 py-3">
            <ul className="flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className={cn(linkClass(active === item.to), 'block text-base')}
                    aria-current={active === item.to ? 'page' : undefined}
                    onClick={() => setMenuOpen(false)}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center justify-between gap-3 border-t border-border px-4 py-3">
            <div className="flex min-w-0 items-center gap-2 sm:invisible">{user}</div>
            {signOut}
          </div>
        </div>
      ) : null}
    </header>
  );
}

/** A round avatar with the name's initial, then the name. */
export function UserBadge({ name, detail }: { name: string; detail?: string }) {
  const initial = (name.trim().charAt(0) || '?').toUpperCase();
  return (
    <>
      <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
        {initial}
      </span>
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="truncate text-sm font-medium text-foreground">{name}</span>
        {detail ? <span className="truncate text-xs text-muted-foreground">{detail}</span> : null}
      </span>
    </>
  );
}
