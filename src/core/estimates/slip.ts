import { isoToDay, tryIsoToDay, type IsoDate } from '../dates';
import type { WorkingCalendar } from '../working-days';
import type { EstimateBasis } from './ranges';

// Why an estimate moved later (issue 20 item 3): when the most likely date a client sees now is more than one working
// day later than the one it saw last, the card says why in one sentence. The slip, in working days, is shared out
// between what can be told apart, and the largest share names the reason:
// - queue: the client moved back in the queue (clients placed ahead of it): (positions gained) / pace;
// - holidays: holidays added since it last looked, between today and the new date: one working day each;
// - settings: on the settings' basis, the business changed its workload settings: the rest;
// - basis: estimates now come from the portal's own completions instead of its settings: the rest;
// - completions: otherwise the portal completed fewer clients than usual lately: the rest.

export type SlipReason = 'completions' | 'queue' | 'holidays' | 'settings' | 'basis';

/** Working days the most likely date must move later before a reason is given ("more than a day"). */
export const SLIP_THRESHOLD_DAYS = 1;

/** What the client saw last, or what it would see now. */
export interface SeenEstimate {
  likely: IsoDate;
  position: number;
  basis: EstimateBasis;
  /** The portal's holidays when the estimate was made. */
  holidays: readonly IsoDate[];
  /** The workload settings' formula inputs when the estimate was made (any stable text; compared for equality). */
  settingsKey?: string;
}

export interface SlipInput {
  seen: SeenEstimate;
  now: SeenEstimate;
  /** The portal's calendar now. */
  calendar: WorkingCalendar;
  today: IsoDate;
  /** Completions per working day the estimate runs at now (history: the learned pace; settings: daily capacity). */
  pace: number;
}

/** The slip in working days (later is positive) and its reason, or null when it did not move later by more than a day. */
export function slipReason(input: SlipInput): { days: number; reason: SlipReason } | null {
  const { seen, now, calendar } = input;
  const days = calendar.countWorkingDays(seen.likely, now.likely);
  if (days <= SLIP_THRESHOLD_DAYS) return null;
  const shares: [SlipReason, number][] = [
    ['queue', now.position > seen.position && input.pace > 0 ? (now.position - seen.position) / input.pace : 0],
    ['holidays', addedHolidays(seen.holidays, now.holidays, calendar, input.today, now.likely)],
  ];
  const told = shares.reduce((a, [, v]) => a + v, 0);
  shares.push([restReason(seen, now), Math.max(0, days - told)]);
  // The largest share; on a tie the earlier reason (queue, holidays, then the rest).
  let best = shares[0] as [SlipReason, number];
  for (const share of shares) if (share[1] > best[1] + 1e-9) best = share;
  return { days, reason: best[1] > 0 ? best[0] : restReason(seen, now) };
}

/** What the slip not told by the queue or holidays is put down to. */
function restReason(seen: SeenEstimate, now: SeenEstimate): SlipReason {
  if (seen.basis !== now.basis) return 'basis';
  if (now.basis === 'settings' && seen.settingsKey !== undefined && seen.settingsKey !== now.settingsKey) return 'settings';
  return 'completions';
}

/** Holidays in the calendar now but not then, on working weekdays from today to the new date. */
function addedHolidays(then: readonly IsoDate[], now: readonly IsoDate[], calendar: WorkingCalendar, today: IsoDate, until: IsoDate): number {
  const known = new Set(then);
  const from = isoToDay(today);
  const to = isoToDay(until);
  let added = 0;
  for (const holiday of now) {
    if (known.has(holiday)) continue;
    const day = tryIsoToDay(holiday);
    if (day === null || day < from || day > to) continue;
    // A holiday on a working weekday costs a working day; one on a weekend costs nothing.
    if (calendar.isWorkingWeekdayNumber(day)) added += 1;
  }
  return added;
}
