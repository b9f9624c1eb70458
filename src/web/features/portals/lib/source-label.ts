import type { Portal } from '@core/api/portals';

/** What a portal's data comes from, in words: the portal list and the Data Source card say the same. */
export function sourceLabel(source: Pick<Portal['source'], 'type' | 'setupMethod'>): string {
  if (source.type === 'google_sheet') return 'Google Sheet';
  if (source.type === 'csv_upload') return source.setupMethod === 'template' ? 'CSV, started from the template' : 'Uploaded CSV';
  if (source.type === 'managed') return 'Managed in StatusLink';
  return 'No data yet';
}
