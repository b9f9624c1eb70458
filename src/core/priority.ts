// Priority rules (spec 5 and 9, decisions D4).

/** Priority class from the priority number. */
export type PriorityClass = 'high' | 'medium' | 'low';

/** Multipliers per priority class, from the workload settings. */
export type PriorityMultipliers = Record<PriorityClass, number>;

/** Priority number when the cell is empty or unreadable (spec 9: default 999). */
export const DEFAULT_PRIORITY_NUMBER = 999;

/** Words and the numbers they stand for (D4). */
export const priorityWords: Readonly<Record<string, number>> = {
  urgent: 0,
  high: 1,
  medium: 3,
  normal: 3,
  low: 6,
};

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Priority number of a sheet cell (D4): a number as written; the words urgent 0, high 1, medium or normal 3,
 * low 6 (case-insensitive, an extra word 'priority' allowed, as in 'High Priority'); anything else 999.
 */
export function priorityNumber(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : DEFAULT_PRIORITY_NUMBER;
  if (value == null) return DEFAULT_PRIORITY_NUMBER;
  const text = value.trim();
  if (text.length === 0) return DEFAULT_PRIORITY_NUMBER;
  if (NUMERIC.test(text)) return Number(text);
  const word = text
    .toLowerCase()
    .replace(/\bpriority\b/g, ' ')
    .replace(/[^a-z]+/g, ' ')
    .trim();
  return priorityWords[word] ?? DEFAULT_PRIORITY_NUMBER;
}

/** Class of a priority number: up to 2 high, up to 5 medium, else low. */
export function priorityClassOf(priority: number): PriorityClass {
  if (priority <= 2) return 'high';
  if (priority <= 5) return 'medium';
  return 'low';
}

/** Class of a sheet cell: priorityClassOf(priorityNumber(value)). */
export function classifyPriority(value: string | number | null | undefined): PriorityClass {
  return priorityClassOf(priorityNumber(value));
}

/** Label for a priority class: 'High', 'Medium', 'Low'. */
export function priorityLabel(cls: PriorityClass): string {
  return cls === 'high' ? 'High' : cls === 'medium' ? 'Medium' : 'Low';
}

/**
 * Whole days of work for one project: round(duration x multiplier), computed so that exact halves
 * (5 x 0.7 = 3.5) round up as they do on paper instead of falling to binary noise (3.4999...).
 */
export function projectDays(averageDuration: number, multiplier: number): number {
  return Math.round(cleanProduct(averageDuration, multiplier));
}

/** a x b with binary noise removed (to 1e-9), so sums and ceilings of tenths behave as on paper. */
export function cleanProduct(a: number, b: number): number {
  return Math.round(a * b * 1e9) / 1e9;
}
