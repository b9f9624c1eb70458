import { dayToIso, isoToDay, type IsoDate } from '../dates';
import { estimatedWorkingDays, type EstimateSettings } from '../estimate';
import type { PriorityClass } from '../priority';
import type { WorkingCalendar } from '../working-days';
import { forecastThroughput, type ThroughputForecast } from './forecast';
import { seededRandom, seedFromText } from './random';
import type { ResidualModel } from './residuals';
import { hasEnoughHistory, totalCompletions, type ThroughputSeries } from './throughput';

// A portal's estimates (issue 20, decisions D11): with at least 20 completions in its window, each queued client's
// most likely date and range come from one simulation of the portal's own pace (forecast.ts); before that (cold
// start), from D4's formula on the workload settings, shown as a range around it and labelled as such.

/** Where an estimate comes from: the portal's own completions, or its workload settings (cold start). */
export type EstimateBasis = 'history' | 'settings';

/** One client's estimate: most likely date (50th percentile) and the range (10th to 90th), as dates. */
export interface EstimateRange {
  likely: IsoDate;
  low: IsoDate;
  high: IsoDate;
  basis: EstimateBasis;
}

/**
 * The range shown around the settings' formula before a portal has 20 completions (cold start): from a fifth fewer
 * working days to three tenths more (at least one more), since settings typed by hand are more often optimistic.
 * `n` is the formula's working days after today (D4).
 */
export function settingsRangeDays(n: number): { low: number; high: number } {
  return { low: Math.max(1, n - Math.round(0.2 * n)), high: n + Math.max(1, Math.round(0.3 * n)) };
}

export interface PortalEstimatesInput {
  settings: EstimateSettings;
  /** The portal's working calendar (its settings' working days and holidays). */
  calendar: WorkingCalendar;
  /** Today in the business's time zone. */
  today: IsoDate;
  /** Completions per working day over the window (throughputWindow). */
  series: ThroughputSeries;
  /** Completions already recorded today. */
  completedToday?: number;
  /** How clients were done against their positions (learnResiduals), when known. */
  residuals?: ResidualModel | null;
  /** Seeds the simulation (e.g. the portal's id): the same portal, data and day give the same estimates. */
  seed: string;
  /** The last queue position that needs an estimate. */
  maxPosition: number;
  /** Simulation runs (default SIMULATION_RUNS). */
  runs?: number;
}

/** Estimates for every position of one portal's queue, from one simulation (or the settings). */
export class PortalEstimates {
  private readonly dates = new Map<number, IsoDate>();
  private readonly tables = new Map<PriorityClass | 'all', Record<'low' | 'likely' | 'high', Int32Array>>();

  constructor(
    private readonly input: PortalEstimatesInput,
    /** The simulation, or null on the settings' basis. */
    readonly forecast: ThroughputForecast | null,
  ) {}

  get basis(): EstimateBasis {
    return this.forecast ? 'history' : 'settings';
  }

  /** The estimate of the client at this queue position (1-based) of this priority class. */
  rangeFor(position: number, priorityClass: PriorityClass): EstimateRange {
    if (this.forecast === null) return this.settingsRange(position, priorityClass);
    const own = this.forecast.classesOfTheirOwn.includes(priorityClass) ? priorityClass : 'all';
    const table = this.tableFor(own);
    const k = Math.max(1, Math.floor(position));
    const days = k < table.likely.length ? { low: table.low[k]!, likely: table.likely[k]!, high: table.high[k]! } : this.forecast.positionDays(k, own === 'all' ? undefined : own);
    return { likely: this.historyDate(days.likely), low: this.historyDate(days.low), high: this.historyDate(days.high), basis: 'history' };
  }

  private tableFor(key: PriorityClass | 'all'): Record<'low' | 'likely' | 'high', Int32Array> {
    let table = this.tables.get(key);
    if (table === undefined) {
      table = (this.forecast as ThroughputForecast).allPositionDays(this.input.maxPosition, key === 'all' ? undefined : key);
      this.tables.set(key, table);
    }
    return table;
  }

  private historyDate(index: number): IsoDate {
    let date = this.dates.get(index);
    if (date === undefined) {
      date = dayToIso((this.forecast as ThroughputForecast).dayOf(index));
      this.dates.set(index, date);
    }
    return date;
  }

  private settingsRange(position: number, priorityClass: PriorityClass): EstimateRange {
    const n = estimatedWorkingDays(position, priorityClass, this.input.settings);
    const { low, high } = settingsRangeDays(n);
    const after = (days: number) => {
      let date = this.dates.get(days);
      if (date === undefined) {
        date = dayToIso(this.input.calendar.addWorkingDaysToDay(isoToDay(this.input.today), days));
        this.dates.set(days, date);
      }
      return date;
    };
    return { likely: after(n), low: after(low), high: after(high), basis: 'settings' };
  }
}

/** A portal's estimates: simulated from its history with at least 20 completions in the window, else the settings'. */
export function portalEstimates(input: PortalEstimatesInput): PortalEstimates {
  if (!hasEnoughHistory(input.series) || totalCompletions(input.series) <= 0) return new PortalEstimates(input, null);
  const forecast = forecastThroughput(input.series, input.calendar, input.today, {
    random: seededRandom(seedFromText(`${input.seed}:${input.today}`)),
    maxPosition: Math.max(1, input.maxPosition),
    completedToday: input.completedToday ?? 0,
    residuals: input.residuals ?? null,
    ...(input.runs === undefined ? {} : { runs: input.runs }),
  });
  return new PortalEstimates(input, forecast);
}
