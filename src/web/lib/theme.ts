// Dark mode: a `dark` class on <html>, remembered in localStorage.
// public/theme-init.js applies the saved choice before first paint; this module keeps it in sync afterwards.

export type Theme = 'light' | 'dark';

/** localStorage key; public/theme-init.js reads the same key. */
export const THEME_STORAGE_KEY = 'statuslink-theme';

type Listener = () => void;
const listeners = new Set<Listener>();

/** The theme currently shown (read from the class on <html>, as the spec says). */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

function apply(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

/** Shows and remembers a theme. */
export function setTheme(theme: Theme): void {
  apply(theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts for this page only.
  }
}

/** Switches between light and dark. */
export function toggleTheme(): void {
  setTheme(currentTheme() === 'dark' ? 'light' : 'dark');
}

/** Subscribes to theme changes, including a choice made in another tab. */
export function subscribeTheme(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY && (event.newValue === 'dark' || event.newValue === 'light')) {
      apply(event.newValue);
    }
  });
}
