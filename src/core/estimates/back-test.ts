import { isoToDay, type IsoDate } from '../dates';
import type { EstimateSettings } from '../estimate';
import type { PriorityClass } from '../priority';
import type { WorkingCalendar } from '../working-days';
import type { CompletedWithShown, ShownEstimate } from './accuracy';
import { portalEstimates, type PortalEstimates } from './ranges';
import { seedFromText } from './random';
import { learnResiduals, type QueueObservation } from './residuals';
import { lastIndexAtOrBefore, throughputWindow, type DatedCount } from './throughput';

// One morning's estimates from what was known that morning (issue 20): the completions before it and the queues of
// the mornings before it in the window (for the residuals). The product's daily estimate, its back-test on the
// history of a portal new to ranges, and the benchmark all go through here.

/** One client in a morning's queue. */
export interface MorningClient {
  id: string;
  position: number;
  priorityClass: PriorityClass;
}

/** A morning's queue (queued clients with their positions). */
export interface QueueMorning {
  date: IsoDate;
  clients: readonly MorningClient[];
}

/** What a portal knows of its past. */
export interface PortalHistory {
  /** Completions per date (the business's time zone). */
  completions: readonly DatedCount[];
  /** Past mornings' queues, in date order (the window's are used). */
  mornings: readonly QueueMorning[];
  /** The date each completed client was done. */
  completedOn: ReadonlyMap<string, IsoDate>;
  /** The first date with data (the window never reaches before it). */
  firstDate?: IsoDate | null;
}

export interface EstimateSetup {
  settings: EstimateSettings;
  calendar: WorkingCalendar;
  /** Seeds the simulation (the portal's id). */
  seed: string;
  runs?: number;
  /** Most residual observations learned from (a sample of clients beyond it; default 50,000). */
  maxObservations?: number;
}

export const MAX_RESIDUAL_OBSERVATIONS = 50_000;

/** The estimates of the morning of `today` for positions up to `maxPosition`. */
export function estimateMorning(setup: EstimateSetup, history: PortalHistory, today: IsoDate, maxPosition: number, completedToday = 0): PortalEstimates {
  const series = throughputWindow(history.completions, setup.calendar, today, { firstDate: history.firstDate ?? null });
  const observations = windowObservations(history, series.days, today, setup.maxObservations ?? MAX_RESIDUAL_OBSERVATIONS);
  return portalEstimates({
    settings: setup.settings,
    calendar: setup.calendar,
    today,
    series,
    completedToday,
    residuals: series.days.length > 0 ? learnResiduals(observations, series.counts) : null,
    seed: setup.seed,
    maxPosition,
    ...(setup.runs === undefined ? {} : { runs: setup.runs }),
  });
}

/** The window's past mornings as residual observations (working-day indices of the series); a sample when too many. */
function windowObservations(history: PortalHistory, days: readonly number[], today: IsoDate, max: number): QueueObservation[] {
  if (days.length === 0) return [];
  const first = days[0] as number;
  const todayDay = isoToDay(today);
  const inWindow = history.mornings.filter((m) => {
    const day = isoToDay(m.date);
    return day >= first && day < todayDay;
  });
  const total = inWindow.reduce((a, m) => a + m.clients.length, 0);
  // Whole clients are kept or left out (by a hash of their id), so each kept client's days stay together.
  const keepBelow = total <= max ? 1 : max / total;
  const out: QueueObservation[] = [];
  for (const morning of inWindow) {
    const day = lastIndexAtOrBefore(days, isoToDay(morning.date));
    if (day < 0 || days[day] !== isoToDay(morning.date)) continue;
    for (const c of morning.clients) {
      if (keepBelow < 1 && seedFromText(c.id) / 4294967296 >= keepBelow) continue;
      const done = history.completedOn.get(c.id);
      const doneDay = done === undefined ? null : isoToDay(done);
      out.push({
        day,
        position: c.position,
        completedDay: doneDay !== null && doneDay < todayDay ? lastIndexAtOrBefore(days, doneDay) : null,
        client: c.id,
        priorityClass: c.priorityClass,
      });
    }
  }
  return out;
}

/**
 * What each client would have been shown on each past morning from `from` to `to` (the back-test of a portal new
 * to ranges), for the clients completed by now. Each morning sees only what was known then.
 */
export function backTest(setup: EstimateSetup, history: PortalHistory, from: IsoDate, to: IsoDate): CompletedWithShown[] {
  const shown = new Map<string, ShownEstimate[]>();
  for (const morning of history.mornings) {
    if (morning.date < from || morning.date > to || morning.clients.length === 0) continue;
    const estimates = estimateMorning(setup, history, morning.date, Math.max(...morning.clients.map((c) => c.position)));
    for (const c of morning.clients) {
      if (!history.completedOn.has(c.id)) continue;
      const range = estimates.rangeFor(c.position, c.priorityClass);
      const list = shown.get(c.id) ?? [];
      list.push({ shownOn: morning.date, likely: range.likely, low: range.low, high: range.high });
      shown.set(c.id, list);
    }
  }
  const out: CompletedWithShown[] = [];
  for (const [id, list] of shown) out.push({ completedOn: history.completedOn.get(id) as IsoDate, shown: list });
  return out;
}
