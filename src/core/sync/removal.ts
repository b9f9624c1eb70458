import type { StoredClient } from './stored-client';

// Which current clients a sync marks removed (the source lacks them and they are not restored ones it keeps), and
// the drop guard: an import that would remove more than half of a portal's clients waits for a confirmation.

export interface Removals {
  /** Client keys to mark removed. */
  removals: string[];
  /** Clients the portal had before (not removed). */
  previousActive: number;
}

/** The current clients that do not `stay` (matched by a row or kept as restored), and how many were current. */
export function removalsOf(existing: Iterable<StoredClient>, stays: (clientId: string) => boolean): Removals {
  const out: Removals = { removals: [], previousActive: 0 };
  for (const before of existing) {
    if (before.removed) continue;
    out.previousActive += 1;
    if (!stays(before.clientId)) out.removals.push(before.clientId);
  }
  return out;
}

/** True when the import would remove more than half of the portal's clients (the drop guard). */
export function isLargeDrop(plan: Removals): boolean {
  return plan.previousActive > 0 && plan.removals.length * 2 > plan.previousActive;
}
