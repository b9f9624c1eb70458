import { messages } from './messages';

// Status text rules (spec section 4, decisions D4). Every rule is a case-insensitive substring test on free text.

/** The classes a status text falls into. */
export type StatusClass = 'completed' | 'cancelled' | 'in-progress' | 'pending' | 'other';

/** Badge colours (spec 4): green, blue, yellow, purple, grey. */
export type StatusTone = 'green' | 'blue' | 'yellow' | 'purple' | 'grey';

/** Icon on the portal's status badge. */
export type StatusIcon = 'check' | 'spinner' | null;

/** Grouping used by the client list and recent-activity dots. */
export type StatusDisplayGroup = 'complete' | 'progress' | 'update';

const COMPLETED = ['complete', 'done', 'finished'];
const CANCELLED = ['cancel']; // covers cancel, cancelled, canceled
const IN_PROGRESS = ['progress', 'working', 'active'];
const PENDING = ['pending', 'queue', 'waiting'];

const containsAny = (text: string, words: readonly string[]) => words.some((w) => text.includes(w));

/**
 * Class of a status text. Checked in this order: completed, cancelled, in progress, pending, other;
 * so 'Done (cancelled later)' is completed and 'Cancelled while in progress' is cancelled.
 */
export function classifyStatus(status: string | null | undefined): StatusClass {
  const text = (status ?? '').toLowerCase();
  if (text.length === 0) return 'other';
  if (containsAny(text, COMPLETED)) return 'completed';
  if (containsAny(text, CANCELLED)) return 'cancelled';
  if (containsAny(text, IN_PROGRESS)) return 'in-progress';
  if (containsAny(text, PENDING)) return 'pending';
  return 'other';
}

/** True when the client still counts in the queue: neither completed nor cancelled (D4). */
export function isActiveStatusClass(cls: StatusClass): boolean {
  return cls !== 'completed' && cls !== 'cancelled';
}

/** True when the status text is neither completed nor cancelled (D4). */
export function isActiveStatus(status: string | null | undefined): boolean {
  return isActiveStatusClass(classifyStatus(status));
}

/** Status weight for queue order (D4): urgent or high 5, in progress 3, review 2, else 0. */
export function statusWeight(status: string | null | undefined): number {
  const text = (status ?? '').toLowerCase();
  if (text.includes('urgent') || text.includes('high')) return 5;
  if (containsAny(text, IN_PROGRESS)) return 3;
  if (text.includes('review')) return 2;
  return 0;
}

/**
 * One key per status however the sheet spells it: trimmed, inner spaces collapsed, lower-cased ("Done", "DONE"
 * and " done " are one status). The status filter groups by it and status lines are stored under it.
 */
export function statusKey(status: string): string {
  return status.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The key a status is counted under in breakdowns: its statusKey, 'unknown' when empty. */
export function breakdownKey(status: string | null | undefined): string {
  return statusKey(displayStatus(status));
}

/** The status as shown in the app: trimmed text, or 'Unknown' when empty. */
export function displayStatus(status: string | null | undefined): string {
  const text = (status ?? '').trim();
  return text.length > 0 ? text : messages.common.unknown;
}

/** Badge colour: completed green, in progress blue, pending yellow, review purple, anything else grey. */
export function statusTone(status: string | null | undefined): StatusTone {
  const cls = classifyStatus(status);
  if (cls === 'completed') return 'green';
  if (cls === 'in-progress') return 'blue';
  if (cls === 'pending') return 'yellow';
  if ((status ?? '').toLowerCase().includes('review')) return 'purple';
  return 'grey';
}

export interface StatusBadge {
  label: string;
  tone: StatusTone;
  icon: StatusIcon;
}

/** Badge for the business app's client list: label ('Unknown' when empty) and colour. */
export function statusBadge(status: string | null | undefined): StatusBadge {
  return { label: displayStatus(status), tone: statusTone(status), icon: null };
}

/** Badge for the public portal: check icon when completed, spinner when in progress, 'Status Unknown' when empty. */
export function portalStatusBadge(status: string | null | undefined): StatusBadge {
  const text = (status ?? '').trim();
  const tone = statusTone(text);
  const icon: StatusIcon = tone === 'green' ? 'check' : tone === 'blue' ? 'spinner' : null;
  return { label: text.length > 0 ? text : messages.portal.statusUnknown, tone, icon };
}

/** Client-list grouping (spec 4): completed 'complete', in progress 'progress', else 'update'. */
export function statusDisplayGroup(status: string | null | undefined): StatusDisplayGroup {
  const cls = classifyStatus(status);
  if (cls === 'completed') return 'complete';
  if (cls === 'in-progress') return 'progress';
  return 'update';
}

export interface StatusSummary {
  total: number;
  completed: number;
  inProgress: number;
  pending: number;
  cancelled: number;
  other: number;
  /** Status (breakdownKey) to count; empty counts under 'unknown'. */
  breakdown: Record<string, number>;
}

/** Dashboard tiles and status breakdown for a list of status texts (spec 3, dashboard stats). */
export function summarizeStatuses(statuses: Iterable<string | null | undefined>): StatusSummary {
  const summary: StatusSummary = { total: 0, completed: 0, inProgress: 0, pending: 0, cancelled: 0, other: 0, breakdown: {} };
  const breakdown = new Map<string, number>();
  for (const status of statuses) {
    summary.total += 1;
    const cls = classifyStatus(status);
    if (cls === 'completed') summary.completed += 1;
    else if (cls === 'in-progress') summary.inProgress += 1;
    else if (cls === 'pending') summary.pending += 1;
    else if (cls === 'cancelled') summary.cancelled += 1;
    else summary.other += 1;
    const key = breakdownKey(status);
    breakdown.set(key, (breakdown.get(key) ?? 0) + 1);
  }
  summary.breakdown = Object.fromEntries(breakdown);
  return summary;
}

/** Completion rate in whole percent: round(completed / total x 100); 0 when there are no clients. */
export function completionRate(completed: number, total: number): number {
  return total > 0 ? Math.round((completed / total) * 100) : 0;
}
