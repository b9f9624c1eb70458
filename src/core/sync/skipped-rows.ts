// Rows a sync or upload does not import, with the reason to report (spec 5): the count is always complete, the
// list is capped.

export interface SkippedRow {
  row: number;
  reason: string;
}

/** At most this many skipped rows are listed (the count is always complete). */
export const MAX_LISTED_SKIPPED = 1000;

/** The count of `skips` and the first MAX_LISTED_SKIPPED of them (in the order given), listed by row. */
export function listSkipped(skips: readonly SkippedRow[]): { skipped: number; skippedRows: SkippedRow[] } {
  const skippedRows = skips.slice(0, MAX_LISTED_SKIPPED).sort((a, b) => a.row - b.row);
  return { skipped: skips.length, skippedRows };
}
