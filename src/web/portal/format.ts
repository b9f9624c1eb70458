// Dates on the card. The server sends calendar dates as 'YYYY-MM-DD'; they are shown in words, without moving
// them through a time zone. A due date that is not a date is shown as the sheet has it.

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'Tuesday, January 12, 2027' for '2027-01-12'; other text as it is. */
export function formatDay(value: string, style: 'long' | 'short' = 'long'): string {
  const m = ISO.exec(value);
  if (!m) return value;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toLocaleDateString('en-US', {
    ...(style === 'long' ? { weekday: 'long' } : {}),
    month: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Joins class names, skipping empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
