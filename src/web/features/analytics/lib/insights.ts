import type { PortalAnalytics } from '@core/api/portal-analytics';

export type InsightTone = 'warning' | 'info' | 'success' | 'neutral';

export interface Insight {
  id: string;
  tone: InsightTone;
  title: string;
  text: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Formats a number of days: one decimal under 10, whole days from 10. */
export function formatDays(days: number): string {
  const value = days < 10 ? Math.round(days * 10) / 10 : Math.round(days);
  return `${value.toLocaleString()}d`;
}

/**
 * Project Insights from the period's figures (spec 2.15): the pending card only when pending > 0; the others only
 * when their figure says something.
 */
export function projectInsights(a: PortalAnalytics): Insight[] {
  const out: Insight[] = [];
  if (a.totalClients === 0) return out;
  if (a.pending > 0) {
    out.push({
      id: 'pending',
      tone: 'warning',
      title: `${plural(a.pending, 'project')} pending`,
      text: `${Math.round((a.pending / a.totalClients) * 100)}% of this period's clients are waiting to start.`,
    });
  }
  if (a.inProgress > 0) {
    out.push({ id: 'in-progress', tone: 'info', title: `${plural(a.inProgress, 'project')} in progress`, text: 'Being worked on now.' });
  }
  if (a.completed > 0) {
    out.push({
      id: 'completed',
      tone: 'success',
      title: `${plural(a.completed, 'project')} completed`,
      text:
        a.level === 'basic'
          ? 'Completed in the period.'
          : a.avgDaysToComplete !== null
            ? `Completed in the period. The ${plural(a.completionsMeasured, 'completion')} seen changing status took ${formatDays(a.avgDaysToComplete)} on average.`
            : 'Completed in the period. None was seen changing to a completed status (e.g. already complete when imported), so no time to complete is measured yet.',
    });
  }
  if (a.newClients !== null && a.newClients > 0) {
    out.push({ id: 'new', tone: 'neutral', title: `${plural(a.newClients, 'new client')}`, text: 'First seen in your data source in this period.' });
  }
  const [top, second] = a.statusBreakdown;
  // Only when one status leads: with a tie at the top there is no "most common" one.
  if (top && second && top.count > second.count) {
    out.push({ id: 'top-status', tone: 'neutral', title: `Most common status: ${top.status.charAt(0).toUpperCase()}${top.status.slice(1)}`, text: `${plural(top.count, 'client')} (${top.percent}%).` });
  }
  const lookups = a.lookups;
  if (lookups && lookups.total > 0) {
    const found = lookups.total - lookups.misses;
    out.push({
      id: 'lookups',
      tone: lookups.misses > found ? 'warning' : 'neutral',
      title: `${plural(lookups.total, 'portal lookup')}`,
      text:
        lookups.misses > 0
          ? `${plural(lookups.misses, 'lookup')} found no project (${Math.round((lookups.misses / lookups.total) * 100)}%). Check that your clients use the e-mail in your sheet.`
          : 'Every lookup found its project.',
    });
  }
  return out;
}
