import { useSyncExternalStore } from 'react';
import { currentTheme, setTheme, subscribeTheme, toggleTheme, type Theme } from './theme';

/** The current theme and functions to change it. */
export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => 'light' as const);
  return { theme, setTheme, toggleTheme };
}
