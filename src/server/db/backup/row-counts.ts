/** The tables a backup's summary counts, by what an operator calls them. */
export const COUNTED_TABLES = {
  accounts: 'users',
  businesses: 'business_profiles',
  portals: 'portals',
  clients: 'clients',
  'history rows': 'client_status_history',
  logos: 'portal_logos',
  'uploaded files': 'portal_uploads',
} as const;

export type RowCounts = Record<keyof typeof COUNTED_TABLES, number>;

/** One statement counting each table (either driver's raw query). */
export const rowCountsSql = `select ${Object.entries(COUNTED_TABLES)
  .map(([label, table]) => `(select count(*) from "${table}")::int as "${label}"`)
  .join(', ')}`;

export const describeCounts = (counts: RowCounts) =>
  Object.entries(counts)
    .map(([label, n]) => `${n.toLocaleString('en-US')} ${label}`)
    .join(', ');
