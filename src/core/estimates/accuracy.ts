import { analyticsPeriods, type AnalyticsPeriod } from '../api/portal-analytics';
import { addCalendarDays, type IsoDate } from '../dates';
import type { WorkingCalendar } from '../working-days';

// Accuracy, measured (issue 20 item 4): for clients completed in a period, what they had been shown 30, 14 and 7
// days before they were done: how often the real completion fell inside the range, how far the most likely date was
// (median, in working days), and how often the client was done later than the range.

/** Days before completion at which the shown estimate is judged. */
export const ACCURACY_LEADS = [30, 14, 7] as const;

/** The shown estimate used for a lead is the last one shown on or before that day, and at most this much older. */
export const STALE_SHOWN_DAYS = 7;

/** The periods accuracy is measured over (days, today included): Analytics' periods. */
export const ACCURACY_PERIODS = analyticsPeriods;
export type AccuracyPeriod = AnalyticsPeriod;

/**
 * Days a daily snapshot of what was shown is kept: the longest period, its longest lead and the staleness allowance
 * (the residuals' window, 60 working days, lies inside it).
 */
export const SNAPSHOT_RETENTION_DAYS = Math.max(...ACCURACY_PERIODS) + Math.max(...ACCURACY_LEADS) + STALE_SHOWN_DAYS;

/** What a client was shown on one day. */
export interface ShownEstimate {
  shownOn: IsoDate;
  likely: IsoDate;
  low: IsoDate;
  high: IsoDate;
}

/** A completed client and what it was shown, in date order. */
export interface CompletedWithShown {
  completedOn: IsoDate;
  shown: readonly ShownEstimate[];
}

/** How one shown estimate fared: working days from the most likely date to the completion (later is positive). */
export interface ShownScore {
  inRange: boolean;
  late: boolean;
  early: boolean;
  errorDays: number;
}

export function scoreShown(shown: Pick<ShownEstimate, 'likely' | 'low' | 'high'>, completedOn: IsoDate, calendar: WorkingCalendar): ShownScore {
  return {
    inRange: completedOn >= shown.low && completedOn <= shown.high,
    late: completedOn > shown.high,
    early: completedOn < shown.low,
    errorDays: calendar.countWorkingDays(shown.likely, completedOn),
  };
}

export interface LeadAccuracy {
  /** Days before completion. */
  leadDays: number;
  /** Completed clients that had been shown an estimate then. */
  clients: number;
  /** Shares of those clients (0 to 1): done inside the range, after it, before it; null without clients. */
  inRange: number | null;
  late: number | null;
  early: number | null;
  /** Median of |most likely date - completion| in working days; null without clients. */
  medianErrorDays: number | null;
}

/** The figures for each lead (ACCURACY_LEADS order). */
export function estimateAccuracy(completed: readonly CompletedWithShown[], calendar: WorkingCalendar, leads: readonly number[] = ACCURACY_LEADS): LeadAccuracy[] {
  return leads.map((leadDays) => {
    const scores: ShownScore[] = [];
    for (const client of completed) {
      const shown = shownBefore(client, leadDays);
      if (shown) scores.push(scoreShown(shown, client.completedOn, calendar));
    }
    const share = (f: (s: ShownScore) => boolean) => (scores.length === 0 ? null : scores.filter(f).length / scores.length);
    return {
      leadDays,
      clients: scores.length,
      inRange: share((s) => s.inRange),
      late: share((s) => s.late),
      early: share((s) => s.early),
      medianErrorDays: scores.length === 0 ? null : median(scores.map((s) => Math.abs(s.errorDays))),
    };
  });
}

/** The estimate the client saw `leadDays` before its completion (the last shown by then, not stale), if any. */
export function shownBefore(client: CompletedWithShown, leadDays: number): ShownEstimate | null {
  const by = addCalendarDays(client.completedOn, -leadDays);
  const notBefore = addCalendarDays(by, -STALE_SHOWN_DAYS);
  let found: ShownEstimate | null = null;
  for (const shown of client.shown) {
    if (shown.shownOn > by) break;
    if (shown.shownOn >= notBefore) found = shown;
  }
  return found;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}
