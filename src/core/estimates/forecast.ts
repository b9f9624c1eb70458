import { isoToDay, weekdayOfDay, type IsoDate } from '../dates';
import type { PriorityClass } from '../priority';
import type { WorkingCalendar } from '../working-days';
import { recentParts, type PaceChanges } from './change-point';
import { randomIndex, type RandomSource } from './random';
import type { ResidualBand, ResidualModel } from './residuals';
import type { ThroughputSeries } from './throughput';

// The range (issue 20 item 2, decisions D11): a Monte Carlo simulation of the portal's coming working days from its
// own recent completions. One simulation per portal answers every queue position, because positions are cumulative:
// the client at position k is done on the day the k-th completion from now lands (give or take its residual, see
// residuals.ts).
//
// Each run:
// - learns from the whole window, or from its last few weeks when the pace changed (change-point.ts: runs are shared
//   out between those in proportion to how likely each is);
// - keeps its own resample of those days: as many blocks of a week as they hold, each anchored at a random day (a
//   block bootstrap, so the run's pace differs from the learned one as a pace learned from a few weeks may: this is
//   what makes far positions' ranges wide enough);
// - walks the coming working days of the calendar (its holidays skipped), each taking a learned day's completions,
//   in blocks of a week that start on the same weekday as the day simulated (a weekly rhythm and streaks of slow
//   days carry over; zero days are kept).
// For each coming day d and each level q, reach_q(d) is the count of completions reached by d in at least q of the
// runs (each run less a residual drawn for it); the q-th percentile of position k's day is the first day whose
// reach_q is at least k. Runs stop once the cautious level reaches the last position; past the simulated days (about
// a year), positions are placed at each level's pace.

/** Runs per simulation ("several thousand"). */
export const SIMULATION_RUNS = 4000;

/** Working days simulated one by one (about a year); later days continue each run at its pace. */
export const SIMULATED_DAYS = 250;

/** Percentiles shown (D11): the low end of the range, the most likely day, the high end. */
export const RANGE_LEVELS = { low: 0.1, likely: 0.5, high: 0.9 } as const;

/** No estimate goes further than 50 years of working days. */
export const MAX_FORECAST_DAYS = 50 * 261;

export interface ForecastOptions {
  random: RandomSource;
  /** The largest queue position that needs an answer (simulation stops once every level reaches it). */
  maxPosition: number;
  /** Completions already recorded today: today's remaining work is smaller. */
  completedToday?: number;
  runs?: number;
  simulatedDays?: number;
  /** Look for a change of pace in the window (default true). */
  detectChange?: boolean;
  /** How clients' own completions differed from their position's (see residuals.ts); none: no difference. */
  residuals?: ResidualModel | null;
}

/** Coming working days (1 = the first working day from today, today itself when it is one) of one position. */
export interface PositionDays {
  low: number;
  likely: number;
  high: number;
}

/** What the simulation learned from. */
export interface LearnedPace {
  /** Working days learned from (the window, or its recent part after a change of pace). */
  days: number;
  completions: number;
  /** Completions per working day over those days. */
  perDay: number;
  /** The recent parts of the window learned from, and the chance the pace changed within it. */
  change: PaceChanges;
  /** Past residuals used (0 without a residual model). */
  residuals: number;
}

type Level = keyof typeof RANGE_LEVELS;
const LEVELS: readonly Level[] = ['low', 'likely', 'high'];

/** Positions up to `lastPosition` (after the previous band's): their runs share one residual draw per run. */
interface PositionBand {
  lastPosition: number;
  /** reach[level][d] for d = 0..days (reach at d = 0 is 0). */
  reach: Record<Level, Float64Array>;
  /** Days computed one by one for this band. */
  days: number;
}

/** The result of one simulation: every position's days, and the dates of the coming working days. */
export class ThroughputForecast {
  constructor(
    readonly learned: LearnedPace,
    private readonly calendar: WorkingCalendar,
    /** Day numbers of the simulated working days, in order. */
    private readonly futureDays: Int32Array,
    private readonly bands: readonly PositionBand[],
    /** Bands of the priority classes that have residuals of their own. */
    private readonly classBands: Partial<Record<PriorityClass, readonly PositionBand[]>>,
    /** Each level's pace after the computed days. */
    private readonly tailPace: Record<Level, number>,
  ) {}

  /** Priority classes whose clients get days of their own (the data showed them done sooner or later). */
  get classesOfTheirOwn(): PriorityClass[] {
    return Object.keys(this.classBands) as PriorityClass[];
  }

  /** Low, most likely and high coming working day of the client at this position (1-based) and of this class. */
  positionDays(position: number, priorityClass?: PriorityClass): PositionDays {
    const band = this.bandOf(position, priorityClass);
    return { low: dayIndex(band, 'low', position, this.tailPace), likely: dayIndex(band, 'likely', position, this.tailPace), high: dayIndex(band, 'high', position, this.tailPace) };
  }

  /**
   * Every position's days up to maxPosition in one sweep (index k holds position k; index 0 unused): O(positions +
   * computed days).
   */
  allPositionDays(maxPosition: number, priorityClass?: PriorityClass): Record<Level, Int32Array> {
    const out = { low: new Int32Array(maxPosition + 1), likely: new Int32Array(maxPosition + 1), high: new Int32Array(maxPosition + 1) };
    const bands = this.bandsFor(priorityClass);
    for (const level of LEVELS) {
      const days = out[level];
      let k = 1;
      for (const band of bands) {
        const reach = band.reach[level];
        let d = 1;
        const last = Math.min(maxPosition, band.lastPosition);
        for (; k <= last; k += 1) {
          while (d <= band.days && (reach[d] as number) < k) d += 1;
          days[k] = d <= band.days ? d : tailDay(band, level, k, this.tailPace);
        }
      }
      const band = bands[bands.length - 1] as PositionBand;
      for (; k <= maxPosition; k += 1) days[k] = dayIndex(band, level, k, this.tailPace);
    }
    return out;
  }

  /** Day number of the i-th coming working day (i >= 1). */
  dayOf(index: number): number {
    const simulated = this.futureDays.length;
    if (index <= simulated) return this.futureDays[index - 1] as number;
    return this.calendar.addWorkingDaysToDay(this.futureDays[simulated - 1] as number, index - simulated);
  }

  private bandsFor(priorityClass: PriorityClass | undefined): readonly PositionBand[] {
    return (priorityClass && this.classBands[priorityClass]) || this.bands;
  }

  private bandOf(position: number, priorityClass: PriorityClass | undefined): PositionBand {
    const bands = this.bandsFor(priorityClass);
    for (const band of bands) if (position <= band.lastPosition) return band;
    return bands[bands.length - 1] as PositionBand;
  }
}

function dayIndex(band: PositionBand, level: Level, position: number, tailPace: Record<Level, number>): number {
  const reach = band.reach[level];
  if ((reach[band.days] as number) < position) return tailDay(band, level, position, tailPace);
  let lo = 1;
  let hi = band.days;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((reach[mid] as number) >= position) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function tailDay(band: PositionBand, level: Level, position: number, tailPace: Record<Level, number>): number {
  const pace = tailPace[level];
  if (!(pace > 0)) return MAX_FORECAST_DAYS;
  const extra = Math.ceil((position - (band.reach[level][band.days] as number)) / pace - 1e-9);
  return Math.min(MAX_FORECAST_DAYS, band.days + Math.max(1, extra));
}

/**
 * Simulates the portal's coming working days from its throughput window (see the file comment). The series must hold
 * at least one completion (the caller falls back to the settings below D11's 20).
 */
export function forecastThroughput(series: ThroughputSeries, calendar: WorkingCalendar, today: IsoDate, options: ForecastOptions): ThroughputForecast {
  const runs = Math.max(10, Math.floor(options.runs ?? SIMULATION_RUNS));
  const total = series.counts.reduce((a, b) => a + b, 0);
  if (series.counts.length === 0 || total <= 0) throw new RangeError('A throughput forecast needs at least one completion to learn from');
  const { change, runDays, perDay } = learnRuns(series, calendar.workingDaysPerWeek, runs, options);
  const residuals = options.residuals ?? null;
  const learned: LearnedPace = { days: series.counts.length, completions: total, perDay, change, residuals: residuals?.observations ?? 0 };

  const todayDay = isoToDay(today);
  const startsToday = calendar.isWorkingDayNumber(todayDay);
  // A client passed by others needs as many more completions as the largest residual.
  const allBands = [...(residuals?.bands ?? []), ...Object.values(residuals?.byClass ?? {}).flat()];
  const timeline = simulateRuns(runDays, calendar, {
    firstDay: startsToday ? todayDay : calendar.addWorkingDaysToDay(todayDay, 1),
    doneToday: startsToday ? Math.max(0, Math.floor(options.completedToday ?? 0)) : 0,
    limit: Math.max(1, Math.floor(options.simulatedDays ?? SIMULATED_DAYS)),
    needed: options.maxPosition + Math.max(0, ...allBands.map((b) => b.values[b.values.length - 1] ?? 0)),
  });
  const shifted = (model: readonly ResidualBand[] | null) =>
    positionBands(model, perDay, options.maxPosition).map((b) => shiftedBand(timeline, b, options.random, options.maxPosition));
  const bands = shifted(residuals?.bands ?? null);
  const classBands: Partial<Record<PriorityClass, PositionBand[]>> = {};
  for (const [cls, own] of Object.entries(residuals?.byClass ?? {}) as [PriorityClass, ResidualBand[]][]) classBands[cls] = shifted(own);
  const paces = Float64Array.from({ length: runs }, (_, r) => runDays.pace(r));
  return new ThroughputForecast(learned, calendar, timeline.futureDays, bands, classBands, levelValues(paces, runs));
}

/** The runs' learned days: the window's parts (after a change of pace) shared out between the runs in proportion. */
function learnRuns(series: ThroughputSeries, blockLength: number, runs: number, options: ForecastOptions): { change: PaceChanges; runDays: RunDays; perDay: number } {
  const change: PaceChanges =
    options.detectChange === false
      ? { parts: [{ start: 0, share: 1, perDay: series.counts.reduce((a, b) => a + b, 0) / series.counts.length }], changed: 0 }
      : recentParts(series.counts, blockLength);
  const pools = change.parts.map((part) => new LearnedPool(series.counts.slice(part.start), series.weekdays.slice(part.start), blockLength));
  // Each part gets round(share x runs) runs in turn; the last part also takes the rounding's remainder.
  const firstRunOf: number[] = [];
  let assigned = 0;
  for (const part of change.parts) {
    firstRunOf.push(assigned);
    assigned += Math.round(part.share * runs);
  }
  const poolOfRun = (r: number) => {
    let i = 0;
    while (i + 1 < firstRunOf.length && r >= (firstRunOf[i + 1] as number)) i += 1;
    return i;
  };
  return {
    change,
    runDays: new RunDays(pools, poolOfRun, runs, options.random),
    perDay: change.parts.reduce((a, part) => a + part.share * part.perDay, 0),
  };
}

interface RunTimeline {
  /** history[d * runs + r]: completions run r reached by coming day d (d = 0 ... simulated). */
  history: Int32Array;
  runs: number;
  simulated: number;
  /** Day numbers of the simulated working days. */
  futureDays: Int32Array;
}

/** Walks every run day by day until the cautious level reaches `needed` completions (or `limit` days). */
function simulateRuns(runDays: RunDays, calendar: WorkingCalendar, plan: { firstDay: number; doneToday: number; limit: number; needed: number }): RunTimeline {
  const runs = runDays.runs;
  const history = new Int32Array((plan.limit + 1) * runs);
  const futureDays = new Int32Array(plan.limit);
  const scratch = new Float64Array(runs);
  const highAt = runs - Math.ceil(RANGE_LEVELS.high * runs);
  let day = plan.firstDay;
  let simulated = 0;
  for (let d = 1; d <= plan.limit; d += 1) {
    const weekday = weekdayOfDay(day);
    const base = d * runs;
    for (let r = 0; r < runs; r += 1) {
      const x = runDays.next(r, weekday);
      // Today's completions so far are already out of the queue: today has that much less to do.
      history[base + r] = (history[base - runs + r] as number) + (d === 1 ? Math.max(0, x - plan.doneToday) : x);
    }
    futureDays[d - 1] = day;
    simulated = d;
    scratch.set(history.subarray(base, base + runs));
    selectInPlace(scratch, highAt, 0, runs - 1);
    if ((scratch[highAt] as number) >= plan.needed) break;
    day = calendar.addWorkingDaysToDay(day, 1);
  }
  return { history, runs, simulated, futureDays: futureDays.slice(0, simulated) };
}

/** The positions each residual band covers, by expected working days at the learned pace. */
function positionBands(model: readonly ResidualBand[] | null, pace: number, maxPosition: number): { lastPosition: number; residuals: Int32Array }[] {
  if (model === null || model.length === 0) return [{ lastPosition: Infinity, residuals: Int32Array.of(0) }];
  const out: { lastPosition: number; residuals: Int32Array }[] = [];
  let previous = 0;
  for (const band of model) {
    const lastPosition = Number.isFinite(band.upToDay) ? Math.max(previous, Math.floor(band.upToDay * pace)) : Infinity;
    if (lastPosition > previous) out.push({ lastPosition, residuals: band.values });
    previous = lastPosition;
    if (previous >= maxPosition) break;
  }
  const last = out[out.length - 1];
  if (last) last.lastPosition = Infinity;
  return out.length > 0 ? out : [{ lastPosition: Infinity, residuals: Int32Array.of(0) }];
}

/**
 * One band's reach per coming day: each run's completions less a residual drawn from the band's (a client passed by
 * five others needs five more completions), until the cautious level reaches the band's last position.
 */
function shiftedBand(t: RunTimeline, band: { lastPosition: number; residuals: Int32Array }, random: RandomSource, maxPosition: number): PositionBand {
  const { runs, history, simulated } = t;
  const shift = new Int32Array(runs);
  for (let r = 0; r < runs; r += 1) shift[r] = band.residuals[randomIndex(random, band.residuals.length)] as number;
  const reach = { low: new Float64Array(simulated + 1), likely: new Float64Array(simulated + 1), high: new Float64Array(simulated + 1) };
  const scratch = new Float64Array(runs);
  let days = 0;
  for (let d = 1; d <= simulated; d += 1) {
    const base = d * runs;
    for (let r = 0; r < runs; r += 1) scratch[r] = (history[base + r] as number) - (shift[r] as number);
    const levels = levelValues(scratch, runs);
    reach.low[d] = levels.low;
    reach.likely[d] = levels.likely;
    reach.high[d] = levels.high;
    days = d;
    if (levels.high >= Math.min(band.lastPosition, maxPosition)) break;
  }
  return {
    lastPosition: band.lastPosition,
    reach: { low: reach.low.slice(0, days + 1), likely: reach.likely.slice(0, days + 1), high: reach.high.slice(0, days + 1) },
    days,
  };
}

/** Learned days (the window, or its recent part), with what drawing blocks from them needs. */
class LearnedPool {
  readonly mean: number;
  readonly blocks: number;
  /** sameWeekday[i * 7 + w]: the first day at or after i (going round) on weekday w, or i when none is. */
  readonly sameWeekday: Int32Array;

  constructor(
    readonly counts: readonly number[],
    readonly weekdays: readonly number[],
    readonly blockLength: number,
  ) {
    const m = counts.length;
    this.mean = counts.reduce((a, b) => a + b, 0) / m;
    this.blocks = Math.ceil(m / blockLength);
    this.sameWeekday = new Int32Array(m * 7);
    for (let w = 0; w < 7; w += 1) {
      // Walking back twice round leaves each day with the nearest day on weekday w at or after it, going round.
      let next = -1;
      for (let i = 2 * m - 1; i >= 0; i -= 1) {
        const at = i % m;
        if (weekdays[at] === w) next = at;
        if (i < m) this.sameWeekday[at * 7 + w] = next >= 0 ? next : at;
      }
    }
  }
}

/**
 * The learned days each run draws from. A run keeps its own resample of its pool: as many blocks of a week as the
 * pool holds, each anchored at a random day (a block bootstrap: the run's pace differs from the pool's as a pace
 * learned from a few weeks may). A coming day takes the completions of a learned day; a run goes through a block day
 * after day, and starts a new one (from one of its anchors, moved on to the same weekday) after a week or when the
 * weekdays no longer line up (a holiday).
 */
class RunDays {
  readonly runs: number;
  private readonly poolOf: Uint8Array;
  private readonly anchors: Int32Array;
  private readonly stride: number;
  private readonly cursor: Int32Array;
  private readonly left: Int32Array;

  constructor(
    private readonly pools: readonly LearnedPool[],
    poolOfRun: (r: number) => number,
    runs: number,
    private readonly random: RandomSource,
  ) {
    this.runs = runs;
    this.poolOf = Uint8Array.from({ length: runs }, (_, r) => poolOfRun(r));
    this.stride = Math.max(...pools.map((p) => p.blocks));
    this.anchors = new Int32Array(runs * this.stride);
    for (let r = 0; r < runs; r += 1) {
      const pool = pools[this.poolOf[r] as number] as LearnedPool;
      for (let b = 0; b < pool.blocks; b += 1) this.anchors[r * this.stride + b] = randomIndex(random, pool.counts.length);
    }
    this.cursor = new Int32Array(runs);
    this.left = new Int32Array(runs);
  }

  /** Completions of run r on a coming day of this weekday. */
  next(r: number, weekday: number): number {
    const pool = this.pools[this.poolOf[r] as number] as LearnedPool;
    let at = this.cursor[r] as number;
    if (this.left[r] === 0 || pool.weekdays[at] !== weekday) {
      const anchor = this.anchors[r * this.stride + randomIndex(this.random, pool.blocks)] as number;
      at = pool.sameWeekday[anchor * 7 + weekday] as number;
      this.left[r] = pool.blockLength;
    }
    this.cursor[r] = at + 1 === pool.counts.length ? 0 : at + 1;
    this.left[r] = (this.left[r] as number) - 1;
    return pool.counts[at] as number;
  }

  /** Run r's pace: completions per working day over its resampled blocks. */
  pace(r: number): number {
    const pool = this.pools[this.poolOf[r] as number] as LearnedPool;
    const m = pool.counts.length;
    let sum = 0;
    for (let b = 0; b < pool.blocks; b += 1) {
      let at = this.anchors[r * this.stride + b] as number;
      for (let j = 0; j < pool.blockLength; j += 1) {
        sum += pool.counts[at] as number;
        at = at + 1 === m ? 0 : at + 1;
      }
    }
    return sum / (pool.blocks * pool.blockLength);
  }
}

/**
 * The values reached by at least 10 %, 50 % and 90 % of the runs (the ceil(q x runs)-th largest): `low` is the
 * optimistic one (few runs get that far), `high` the cautious one. Reorders `values`.
 */
function levelValues(values: Float64Array, runs: number): Record<Level, number> {
  const rank = (q: number) => runs - Math.ceil(q * runs); // ascending index of the ceil(q x runs)-th largest
  const likelyAt = rank(RANGE_LEVELS.likely);
  selectInPlace(values, likelyAt, 0, runs - 1);
  const lowAt = rank(RANGE_LEVELS.low);
  selectInPlace(values, lowAt, likelyAt, runs - 1);
  const highAt = rank(RANGE_LEVELS.high);
  selectInPlace(values, highAt, 0, likelyAt);
  return { low: values[lowAt] as number, likely: values[likelyAt] as number, high: values[highAt] as number };
}

/** Moves the k-th smallest of values[lo..hi] to index k (Hoare's selection, median of three). */
function selectInPlace(values: Float64Array, k: number, lo: number, hi: number): void {
  let left = lo;
  let right = hi;
  while (right > left) {
    const mid = (left + right) >>> 1;
    const a = values[left] as number;
    const b = values[mid] as number;
    const c = values[right] as number;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((values[i] as number) < pivot) i += 1;
      while ((values[j] as number) > pivot) j -= 1;
      if (i <= j) {
        const t = values[i] as number;
        values[i] = values[j] as number;
        values[j] = t;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}
