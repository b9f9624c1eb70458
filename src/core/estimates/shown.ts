import type { IsoDate } from '../dates';
import type { EstimateSettings } from '../estimate';
import type { EstimateBasis } from './ranges';
import type { SlipReason } from './slip';

// What a client is shown of its estimate (issue 20 item 3, D11): the range in plain words, or the most likely date
// alone when the business chose a single date; why it moved later; on which basis.

/** How a portal shows estimates (with showEstimatedCompletion on): the range, or the most likely date alone. */
export const ESTIMATE_STYLES = ['range', 'date'] as const;
export type EstimateStyle = (typeof ESTIMATE_STYLES)[number];

/** A client's estimate as the API and the card carry it. */
export interface ClientEstimate {
  likely: IsoDate;
  low: IsoDate;
  high: IsoDate;
  basis: EstimateBasis;
  /** When the portal's estimates were last computed (ISO time). */
  updatedAt: string;
  /** One sentence: why the most likely date moved later since the client last saw it. */
  reason?: string;
}

/** The workload settings' formula inputs as one stable text (holidays apart): a change of it is a slip's reason. */
export function estimateSettingsKey(settings: EstimateSettings): string {
  const m = settings.priorityMultiplier;
  return [settings.averageProjectDuration, settings.dailyCapacity, settings.bufferDays, m.high, m.medium, m.low, [...settings.workingDays].sort().join('')].join('|');
}

/** The sentence of each slip reason, as the client reads it. */
export const slipSentences: Readonly<Record<SlipReason, string>> = {
  completions: 'Our team has completed fewer projects than usual lately, so your date moved later.',
  queue: 'Projects were placed ahead of yours in the queue, so your date moved later.',
  holidays: 'Holidays were added to our calendar before your date, so it moved later.',
  settings: 'We updated our workload settings, so your date moved later.',
  basis: "Your date now comes from our team's recent pace, which put it later.",
};

/**
 * The estimate in plain words: "around March 5, very likely between March 3 and March 12" (a range), or "around
 * March 5" (a single date). `formatDate` writes a date as the reader expects it.
 */
export function estimateWords(estimate: Pick<ClientEstimate, 'likely' | 'low' | 'high'>, style: EstimateStyle, formatDate: (date: IsoDate) => string): string {
  const around = `around ${formatDate(estimate.likely)}`;
  if (style === 'date' || estimate.low === estimate.high) return around;
  return `${around}, very likely between ${formatDate(estimate.low)} and ${formatDate(estimate.high)}`;
}

/** The label of an estimate made from the business's settings (cold start, D11). */
export const SETTINGS_BASIS_LABEL = "Based on the business's settings";

/** What the portal's card says of a queued client's estimate, as sentences the page only shows (issue 20 item 3). */
export interface EstimateNote {
  /** The range in plain words ("Around March 5, very likely between March 3 and March 12."); absent for a single date. */
  range?: string;
  /** "Updated 2 hours ago.", after the settings' label when the estimate comes from the business's settings. */
  updated: string;
  /** Why the most likely date moved later since the client last saw it. */
  reason?: string;
}

const MINUTE_MS = 60_000;

/** "Updated just now", "Updated 5 minutes ago", "Updated 3 hours ago", "Updated 2 days ago". */
export function updatedAgo(updatedAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - updatedAt.getTime()) / MINUTE_MS));
  if (minutes < 1) return 'Updated just now';
  const [n, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 24 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / (24 * 60)), 'day'];
  return `Updated ${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "March 5" for a date of today's year, "March 5, 2027" for another year's. */
export function monthDay(date: IsoDate, today: IsoDate): string {
  const [year, month, day] = date.split('-');
  const words = `${MONTHS[Number(month) - 1]} ${Number(day)}`;
  return year === today.slice(0, 4) ? words : `${words}, ${year}`;
}

/**
 * The card's sentences about a queued client's estimate: the range (with the range style), when it was computed,
 * the settings' label on that basis, and the slip's sentence. The page shows them as they are.
 */
export function estimateNote(
  estimate: Pick<ClientEstimate, 'likely' | 'low' | 'high' | 'basis' | 'reason'>,
  style: EstimateStyle,
  times: { updatedAt: Date; now: Date; today: IsoDate },
): EstimateNote {
  const words = estimateWords(estimate, style, (date) => monthDay(date, times.today));
  const updated = updatedAgo(times.updatedAt, times.now);
  return {
    ...(style === 'range' && estimate.low !== estimate.high ? { range: `${words.charAt(0).toUpperCase()}${words.slice(1)}.` } : {}),
    updated: estimate.basis === 'settings' ? `${SETTINGS_BASIS_LABEL}. ${updated}.` : `${updated}.`,
    ...(estimate.reason ? { reason: estimate.reason } : {}),
  };
}
