import type { Db } from '../../db/client';
import { type AnalyticsFigures, type AnalyticsPeriod, analyticsFigures, analyticsSince } from './metrics';
import { loadPlatformData } from './platform-data';
import { snapshotDailyMetrics } from './snapshot-daily-metrics';

/** Analytics for the last 7, 30 or 90 days; today's daily figures are stored on the way (history holds). */
export async function getAnalytics(db: Db, days: AnalyticsPeriod, now = new Date()): Promise<AnalyticsFigures> {
  await snapshotDailyMetrics(db, now);
  const data = await loadPlatformData(db, analyticsSince(now, days), now);
  return analyticsFigures(data, days);
}

export const analyticsMetricKeys = ['revenue', 'signups', 'churn', 'activeUsers'] as const;
export type AnalyticsMetricKey = (typeof analyticsMetricKeys)[number];

const csvCell = (v: string | number | null) => {
  if (v === null) return '';
  const s = String(v);
  // Quote when needed; a leading formula character is neutralised for spreadsheets.
  const safe = typeof v === 'string' && /^[=+\-@]/.test(s) && !/^-?\d+(\.\d+)?%?$/.test(s) ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const line = (cells: (string | number | null)[]) => cells.map(csvCell).join(',');
const change = (c: number | null, p: number | null) => {
  if (c === null || p === null) return null;
  if (p === 0) return c === 0 ? '0%' : null;
  return `${Math.round(((c - p) / p) * 1000) / 10}%`;
};

/** The figures shown on the analytics page, as CSV: the metrics table, then the daily series. */
export function analyticsCsv(a: AnalyticsFigures, metrics: readonly AnalyticsMetricKey[] = analyticsMetricKeys): string {
  const show = new Set(metrics);
  const rows: [string, number | null, number | null][] = [];
  if (show.has('revenue')) {
    rows.push(['Revenue ($)', a.current.revenue, a.previous.revenue]);
    rows.push(['Monthly recurring revenue ($)', a.current.mrr, a.previous.mrr]);
    rows.push(['Average revenue per paying business ($)', a.current.arpu, a.previous.arpu]);
  }
  if (show.has('activeUsers')) {
    rows.push(['Active (paying) businesses', a.current.activeBusinesses, a.previous.activeBusinesses]);
    rows.push(['Businesses signed in', a.current.activeUsers, a.previous.activeUsers]);
  }
  if (show.has('churn')) rows.push(['Churn rate (%)', a.current.churnRate, a.previous.churnRate]);
  if (show.has('signups')) {
    rows.push(['Signups', a.current.signups, a.previous.signups]);
    rows.push(['Trial-to-paid conversion (%)', a.current.conversionRate, a.previous.conversionRate]);
  }
  rows.push(['Client portals', a.current.portals, a.previous.portals]);
  const out = [
    line([`Platform analytics, last ${a.days} days (${a.from} to ${a.to}, UTC)`]),
    line(['Metric', 'Current period', 'Previous period', 'Change']),
    ...rows.map(([name, c, p]) => line([name, c, p, change(c, p)])),
    '',
    line(['Date', ...(show.has('signups') ? ['Signups'] : []), ...(show.has('revenue') ? ['Revenue ($)', 'MRR ($)'] : []), ...(show.has('activeUsers') ? ['Active users'] : []), ...(show.has('churn') ? ['Churn (%)'] : []), 'Portals']),
    ...a.series.map((d) =>
      line([
        d.date,
        ...(show.has('signups') ? [d.signups] : []),
        ...(show.has('revenue') ? [d.revenue, d.mrr] : []),
        ...(show.has('activeUsers') ? [d.activeUsers] : []),
        ...(show.has('churn') ? [d.churn] : []),
        d.portals,
      ]),
    ),
  ];
  return `${out.join('\r\n')}\r\n`;
}
