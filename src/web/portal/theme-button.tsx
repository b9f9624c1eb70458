import { useTheme } from '@web/lib/use-theme';
import { MoonIcon, SunIcon } from './icons';

/** The dark-mode switch (same storage key as the rest of the site, so the choice is shared). */
export function ThemeButton() {
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label="Toggle dark mode"
      aria-pressed={dark}
      title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      className="inline-flex size-10 items-center justify-center rounded-full text-[var(--portal-fg)] hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--portal-ring)] dark:text-foreground dark:hover:bg-white/10"
    >
      {dark ? <SunIcon className="size-5" /> : <MoonIcon className="size-5" />}
    </button>
  );
}
