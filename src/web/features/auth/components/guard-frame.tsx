import type { ReactNode } from 'react';
import { ThemeToggle } from '@web/components/theme-toggle';

/** Full-page frame for a guard's own states (checking, could not check), with the dark-mode toggle. */
export function GuardFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="flex justify-end px-4 py-3">
        <ThemeToggle />
      </div>
      <div className="flex flex-1 flex-col pb-16">{children}</div>
    </div>
  );
}
