import { formatDate } from '@web/lib/date-time';

/** The dashboard's 'Updated' time (spec 2.15): Never, Just now, Nm ago, Nh ago, otherwise the date in the business's zone. */
export function updatedLabel(iso: string | null | undefined, timeZone: string | undefined, now = Date.now()): string {
  if (!iso) return 'Never';
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return 'Never';
  const minutes = Math.floor((now - then) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return formatDate(iso, timeZone);
}
