// Display helpers for sync times and counts. Times are in the business's time zone (D8: lib/date-time).
import { formatDateTime as formatInstant } from '@web/lib/date-time';

/** 'Dec 3, 2026, 2:05 PM' in the business's time zone, or 'Never'. */
export function formatDateTime(iso: string | null, timeZone: string | undefined): string {
  return iso ? formatInstant(iso, timeZone) : 'Never';
}

/** 'Never', 'Just now', '5m ago', '3h ago', otherwise the date and time (spec 2.15 'Updated'). */
export function relativeTime(iso: string | null, timeZone: string | undefined, now = Date.now()): string {
  if (!iso) return 'Never';
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h ago`;
  return formatDateTime(iso, timeZone);
}

/** 12,345 */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** '820 bytes', '14 KB', '3.2 MB' */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${formatCount(Math.ceil(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 'every 15 minutes', 'every hour', 'every 6 hours', 'every day' */
export function intervalLabel(minutes: number): string {
  if (minutes < 60) return `every ${minutes} minutes`;
  if (minutes === 60) return 'every hour';
  if (minutes < 1440) return `every ${minutes / 60} hours`;
  return 'every day';
}
