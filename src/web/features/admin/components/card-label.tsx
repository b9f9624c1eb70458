import type { ReactNode } from 'react';

/**
 * A table cell's column name, shown beside its value only below `md`, where the back office's tables turn each row
 * into a card (the column headers are then read by screen readers only).
 */
export function CardLabel({ children }: { children: ReactNode }) {
  return <span className="text-muted-foreground md:hidden">{children}:</span>;
}
