import { useEffect, type RefObject } from 'react';

/**
 * Closes an open menu on Escape (focus goes back to its toggle button) and on a press outside `container` (the
 * header that holds the toggle and the menu), as users expect of a disclosure menu on a phone.
 */
export function useMenuDismiss(open: boolean, close: () => void, container: RefObject<HTMLElement | null>, toggle: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) close();
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, container, toggle]);
}
