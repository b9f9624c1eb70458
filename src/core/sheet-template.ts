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

/** Five sample rows. */
export const templateRows: readonly (readonly string[])[] = [
  ['C001', 'John Smith', 'john.smith@example.com', 'In Progress', 'High', '2026-03-15', 'Documents received, review underway'],
  ['C002', 'Sarah Johnson', 'sarah.johnson@example.com', 'Pending', 'Medium', '2026-03-22', 'Waiting for signed engagement letter'],
  ['C003', 'Michael Brown', 'michael.brown@example.com', 'Completed', 'Low', '2026-02-28', 'Delivered and approved'],
  ['C004', 'Emily Davis', 'emily.davis@example.com', 'Review', 'Urgent', '2026-03-10', 'Final review before filing'],
  ['C005', 'David Wilson', 'david.wilson@example.com', 'In Queue', 'Normal', '2026-04-05', 'Scheduled to start next week'],
];

/** One CSV field, quoted when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** CSV text of rows (CRLF line ends, as RFC 4180). */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The template as CSV text. */
export function templateCsv(): string {
  return toCsv([templateHeaders, ...templateRows]);
}
