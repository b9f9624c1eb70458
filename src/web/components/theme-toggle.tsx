import { MoonIcon, SunIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useTheme } from '@web/lib/use-theme';
import { cn } from '@web/lib/cn';

/** The dark-mode switch shown on every page. */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('rounded-full', className)}
      aria-label="Toggle dark mode"
      aria-pressed={dark}
      title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      onClick={toggleTheme}
    >
      {dark ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
    </Button>
  );
}
