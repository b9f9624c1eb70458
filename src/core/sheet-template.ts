// The starter sheet offered for download (spec 9): seven columns and five sample rows.

/** Template headers, in order. */
export const templateHeaders = [
  'Client ID',
  'Client Name',
  'Email Address',
  'Status',
  'Priority',
  'Due Date',
  'Notes',
] as const;

const SAMPLES: readonly (readonly [string, string, string, string, string, number, string])[] = [
  ['C001', 'John Smith', 'john.smith@example.com', 'In Progress', 'High', 21, 'Documents received, review underway'],
  ['C002', 'Sarah Johnson', 'sarah.johnson@example.com', 'Pending', 'Medium', 28, 'Waiting for signed engagement letter'],
  ['C003', 'Michael Brown', 'michael.brown@example.com', 'Completed', 'Low', -7, 'Delivered and approved'],
  ['C004', 'Emily Davis', 'emily.davis@example.com', 'Review', 'Urgent', 14, 'Final review before filing'],
  ['C005', 'David Wilson', 'david.wilson@example.com', 'In Queue', 'Normal', 42, 'Scheduled to start next week'],
];

/** Five sample rows, their due dates a few weeks around `today` (so a fresh template never starts out overdue). */
export function templateRows(today: Date = new Date()): string[][] {
  return SAMPLES.map(([id, name, email, status, priority, dueInDays, notes]) => {
    const due = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + dueInDays)).toISOString().slice(0, 10);
    return [id, name, email, status, priority, due, notes];
  });
}

/** One CSV field, quoted when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** CSV text of rows (CRLF line ends, as RFC 4180). */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The template as CSV text. */
export function templateCsv(today: Date = new Date()): string {
  return toCsv([templateHeaders, ...templateRows(today)]);
}
