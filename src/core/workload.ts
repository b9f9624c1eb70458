import { dayToIso, isoToDay, type IsoDate } from './dates';
import { calendarFor, type EstimateSettings } from './estimate';
import { classifyPriority } from './priority';
import { isActiveStatus } from './status';
import type { WorkingCalendar } from './working-days';

// Workload figures (spec section 9).

/** Colour band of capacity utilisation: red above 100, yellow above 80, else green. */
export type CapacityBand = 'green' | 'yellow' | 'red';

/** Capacity utilisation in whole percent: round(active / (5 x dailyCapacity) x 100). */
export function capacityUtilisation(activeProjects: number, dailyCapacity: number): number {
  return Math.round((activeProjects / (5 * dailyCapacity)) * 100);
}

/** Band of a utilisation percentage: red above 100, yellow above 80, else green. */
export function capacityBand(utilisation: number): CapacityBand {
  if (utilisation > 100) return 'red';
  if (utilisation > 80) return 'yellow';
  return 'green';
}

export interface WorkloadFigures {
  /** Clients neither completed nor cancelled. */
  activeProjects: number;
  /** Sum over active clients of averageProjectDuration x priority multiplier (may have one decimal). */
  estimatedDays: number;
  /** Working days until the team is free: ceil(estimatedDays / dailyCapacity). */
  workingDaysToFree: number;
  /** Today plus that many working days. */
  nextAvailableDate: IsoDate;
  capacityUtilisation: number;
  capacityBand: CapacityBand;
}

/** Workload figures for a portal's clients from today (in the business's time zone). */
export function computeWorkload(
  clients: Iterable<{ status: string | null | undefined; priority: string | number | null | undefined }>,
  settings: EstimateSettings,
  today: IsoDate,
  calendar: WorkingCalendar = calendarFor(settings),
): WorkloadFigures {
  // Multipliers are tenths, so the sum is kept in tenths of a day to stay exact.
  const tenths = {
    high: Math.round(settings.priorityMultiplier.high * 10),
    medium: Math.round(settings.priorityMultiplier.medium * 10),
    low: Math.round(settings.priorityMultiplier.low * 10),
  };
  const isTenth = (m: number) => Math.abs(m * 10 - Math.round(m * 10)) < 1e-9;
  const exact =
    Number.isInteger(settings.averageProjectDuration) &&
    isTenth(settings.priorityMultiplier.high) &&
    isTenth(settings.priorityMultiplier.medium) &&
    isTenth(settings.priorityMultiplier.low);
  let activeProjects = 0;
  let sumTenths = 0;
  let sumRaw = 0;
  for (const c of clients) {
    if (!isActiveStatus(c.status)) continue;
    activeProjects += 1;
    const cls = classifyPriority(c.priority);
    sumTenths += settings.averageProjectDuration * tenths[cls];
    sumRaw += settings.averageProjectDuration * settings.priorityMultiplier[cls];
  }
  const estimatedDays = exact ? sumTenths / 10 : Math.round(sumRaw * 1e9) / 1e9;
  const workingDaysToFree = exact
    ? Math.ceil(sumTenths / (10 * settings.dailyCapacity))
    : Math.ceil(Math.round((estimatedDays / settings.dailyCapacity) * 1e9) / 1e9);
  const utilisation = capacityUtilisation(activeProjects, settings.dailyCapacity);
  return {
    activeProjects,
    estimatedDays,
    workingDaysToFree,
    nextAvailableDate: dayToIso(calendar.addWorkingDaysToDay(isoToDay(today), workingDaysToFree)),
    capacityUtilisation: utilisation,
    capacityBand: capacityBand(utilisation),
  };
}
