import { dayToIso, isoToDay, todayInTimeZone, type IsoDate } from './dates';
import { priorityClassOf, projectDays, type PriorityClass } from './priority';
import { computeQueuePositions, type QueueItem } from './queue';
import type { StatusClass } from './status';
import type { WorkloadSettings } from './workload-settings';
import { WorkingCalendar } from './working-days';

// Estimated completion (decisions D4): on the client's queue position, in working days from today:
// ceil((position - 1) / dailyCapacity) + round(averageProjectDuration x class multiplier) + bufferDays.

/** The settings an estimate reads. */
export type EstimateSettings = Pick<
  WorkloadSettings,
  'averageProjectDuration' | 'dailyCapacity' | 'bufferDays' | 'priorityMultiplier' | 'workingDays' | 'holidays'
>;

export interface EstimateContext {
  settings: EstimateSettings;
  /** Today in the business's time zone (see todayInTimeZone). */
  today: IsoDate;
  /** A calendar built from the same settings, to reuse across calls; built on demand when absent. */
  calendar?: WorkingCalendar;
}

/** Working days from today to the estimated completion of the client at this position (D4 formula). */
export function estimatedWorkingDays(position: number, priorityClass: PriorityClass, settings: EstimateSettings): number {
  const waiting = Math.ceil(Math.max(0, position - 1) / settings.dailyCapacity);
  return waiting + projectDays(settings.averageProjectDuration, settings.priorityMultiplier[priorityClass]) + settings.bufferDays;
}

/** A working calendar for the settings' working days and holidays. */
export function calendarFor(settings: Pick<EstimateSettings, 'workingDays' | 'holidays'>): WorkingCalendar {
  return new WorkingCalendar({ workingDays: settings.workingDays, holidays: settings.holidays });
}

/** An estimate context for a business: today in its time zone at `now`, and a calendar built once. */
export function createEstimateContext(settings: EstimateSettings, timeZone: string, now: Date | number): Required<EstimateContext> {
  return { settings, today: todayInTimeZone(timeZone, now), calendar: calendarFor(settings) };
}

/** Estimated completion date of the client at this position: the N-th working day after today. */
export function estimateCompletion(position: number, priorityClass: PriorityClass, context: EstimateContext): IsoDate {
  const calendar = context.calendar ?? calendarFor(context.settings);
  const n = estimatedWorkingDays(position, priorityClass, context.settings);
  return dayToIso(calendar.addWorkingDaysToDay(isoToDay(context.today), n));
}

/** One client's place in the queue, as the portal and the client list show it. */
export type QueueEntry =
  | {
      state: 'queued';
      position: number;
      priorityNumber: number;
      priorityClass: PriorityClass;
      statusClass: StatusClass;
      /** Working days from today to the estimate. */
      workingDays: number;
      estimatedCompletion: IsoDate;
    }
  /** Completed: shows 'Completed' instead of a position (D4). */
  | { state: 'completed'; priorityNumber: number; priorityClass: PriorityClass; statusClass: StatusClass }
  /** Cancelled: shows neither position nor estimate (D4). */
  | { state: 'cancelled'; priorityNumber: number; priorityClass: PriorityClass; statusClass: StatusClass };

/**
 * Positions and estimates for all of a portal's clients, one entry per input index, in one pass and one sort.
 * Meant for precomputing at sync time (and for the admin client list).
 */
export function computeQueue(items: readonly QueueItem[], context: EstimateContext): QueueEntry[] {
  const { positions, statusClasses, priorityNumbers } = computeQueuePositions(items);
  const calendar = context.calendar ?? calendarFor(context.settings);
  const today = isoToDay(context.today);
  const settings = context.settings;
  const fixed: Record<PriorityClass, number> = {
    high: projectDays(settings.averageProjectDuration, settings.priorityMultiplier.high) + settings.bufferDays,
    medium: projectDays(settings.averageProjectDuration, settings.priorityMultiplier.medium) + settings.bufferDays,
    low: projectDays(settings.averageProjectDuration, settings.priorityMultiplier.low) + settings.bufferDays,
  };
  // Many clients share the same number of working days; each distinct number is resolved once.
  const dateByDays = new Map<number, IsoDate>();
  const entries: QueueEntry[] = new Array<QueueEntry>(items.length);
  for (let i = 0; i < items.length; i += 1) {
    const priorityNumber = priorityNumbers[i] as number;
    const priorityClass = priorityClassOf(priorityNumber);
    const statusClass = statusClasses[i] as StatusClass;
    const position = positions[i];
    if (position == null) {
      entries[i] = { state: statusClass === 'completed' ? 'completed' : 'cancelled', priorityNumber, priorityClass, statusClass };
      continue;
    }
    const workingDays = Math.ceil((position - 1) / settings.dailyCapacity) + fixed[priorityClass];
    let estimatedCompletion = dateByDays.get(workingDays);
    if (estimatedCompletion === undefined) {
      estimatedCompletion = dayToIso(calendar.addWorkingDaysToDay(today, workingDays));
      dateByDays.set(workingDays, estimatedCompletion);
    }
    entries[i] = { state: 'queued', position, priorityNumber, priorityClass, statusClass, workingDays, estimatedCompletion };
  }
  return entries;
}
