// Number and date formats of the back office.

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const money2 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
// Every date names its time zone (issue 17 item 6: a trial end read "Dec 10" here and "December 9" in the app): a
// business's dates in the business's zone, with the zone's name; the operator's own events in the browser's zone,
// with its abbreviation.
const dateOptions: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const dateTimeOptions: Intl.DateTimeFormatOptions = { ...dateOptions, hour: '2-digit', minute: '2-digit' };
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined, key: string): Intl.DateTimeFormat {
  const id = `${key}|${timeZone ?? ''}`;
  let f = formatters.get(id);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(undefined, { ...options, ...(timeZone ? { timeZone } : { timeZoneName: 'short' }) });
    } catch {
      // A zone this browser does not know: UTC, named.
      f = new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC', timeZoneName: 'short' });
    }
    formatters.set(id, f);
  }
  return f;
}
const dateFormat = formatter(dateOptions, undefined, 'date');

function format(value: string | null | undefined, options: Intl.DateTimeFormatOptions, key: string, timeZone?: string): string {
  if (!value) return '—';
  const t = Date.parse(value);
  if (Number.isNaN(t)) return value;
  const text = formatter(options, timeZone, key).format(t);
  return timeZone ? `${text} (${timeZone})` : text;
}

export const formatMoney = (n: number) => money.format(n);
export const formatMoney2 = (n: number) => money2.format(n);
export const formatInt = (n: number) => n.toLocaleString('en-US');

/** "Dec 9, 2026 (America/New_York)" in a business's zone; "Dec 9, 2026, EST" in the operator's own. */
export function formatDate(value: string | null | undefined, timeZone?: string): string {
  return format(value, dateOptions, 'date', timeZone);
}

/** "Dec 9, 2026, 09:30 AM (America/New_York)" in a business's zone; "..., 09:30 AM EST" in the operator's own. */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  return format(value, dateTimeOptions, 'datetime', timeZone);
}

/** "5m ago", "3h ago", else a date. */
export function timeAgo(value: string, now = Date.now()): string {
  const t = Date.parse(value);
  if (Number.isNaN(t)) return value;
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 60) return 'Just now';
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ago`;
  if (s < 7 * 86_400) return `${Math.floor(s / 86_400)}d ago`;
  return dateFormat.format(t);
}

/** "3d 4h", "5h 12m", "42s". */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m`;
  return `${seconds}s`;
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
