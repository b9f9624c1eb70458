// The estimates benchmark's replays and scoring (issue 20); bench/suites/estimates.ts prints them.
import { dayToIso, type IsoDate } from '../../src/core/dates';
import { settingsRangeDays } from '../../src/core/estimates/ranges';
import { estimateMorning, type PortalHistory } from '../../src/core/estimates/back-test';
import { seededRandom } from '../../src/core/estimates/random';
import { THROUGHPUT_WINDOW_DAYS } from '../../src/core/estimates/throughput';
import { defaultWorkloadSettings } from '../../src/core/workload-settings';
import { gamma, pareto, replayProcess, twoWeeksFrom, type ProcessSpec, type Replay } from './queue-process';
import { median } from './stats';

export const WARMUP = 80;
export const EVALUATION = 120;
export const FIRST_DAY = 20089; // 2025-01-01
export const ROLLING_DAYS = 20;
/** Clients waiting to be started the arrivals keep the queue near: about four weeks of work. */
export const WAITING = Number(process.env.BENCH_ESTIMATE_WAITING ?? 60);

/** A team of three, each taking the next client in queue order; a project takes a working day on average (3 a day). */
const TEAM = 3;
const TASK = 1;
const steadyWork = (random: () => number) => gamma(random, 10, 1);
const weekly = [0, 0.5, 0.9, 1.1, 1.1, 1.4, 0];
const inOrder = { workers: TEAM, meanJob: TASK, jobSize: (r: () => number) => gamma(r, 3, TASK), holidays: () => [] } as const;
export type BenchProcess = ProcessSpec & { informational?: boolean };
export const processes: BenchProcess[] = [
  { ...inOrder, name: 'steady', description: 'steady pace', capacity: (_t, _w, r) => steadyWork(r) },
  { ...inOrder, name: 'weekly', description: 'weekly rhythm: Monday x0.5 ... Friday x1.4', capacity: (_t, w, r) => (weekly[w] as number) * steadyWork(r) },
  { ...inOrder, name: 'drop', description: 'half capacity from evaluation day 40 on', capacity: (t, _w, r) => (t >= WARMUP + 40 ? 0.5 : 1) * steadyWork(r) },
  {
    ...inOrder,
    name: 'holiday',
    description: 'two-week holiday (in the settings) from evaluation day 50',
    capacity: (_t, _w, r) => steadyWork(r),
    holidays: (first) => twoWeeksFrom(first, WARMUP + 50),
  },
  {
    ...inOrder,
    name: 'heavy-tailed',
    description: 'project sizes Pareto, tail index 1.5 (infinite variance)',
    jobSize: (r) => pareto(r, 1.5, TASK),
    capacity: (_t, _w, r) => steadyWork(r),
  },
  {
    name: 'overlapping',
    description: 'for information: 42 projects at once, 14 working days each (gamma, shape 3): not done in queue order',
    informational: true,
    workers: 42,
    meanJob: 14,
    jobSize: (r) => gamma(r, 3, 14),
    capacity: (_t, _w, r) => steadyWork(r),
    holidays: () => [],
  },
];

export interface Score {
  estimates: number;
  inRange: number;
  late: number;
  afterLikely: number;
  errors: number[];
}

export const newScore = (): Score => ({ estimates: 0, inRange: 0, late: 0, afterLikely: 0, errors: [] });

function record(score: Score, actual: number, likely: number, low: number, high: number): void {
  score.estimates += 1;
  if (actual >= low && actual <= high) score.inRange += 1;
  if (actual > high) score.late += 1;
  if (actual > likely) score.afterLikely += 1;
  score.errors.push(Math.abs(actual - likely));
}


/** Settings a business would tune once on its own past (the warm-up): capacity and duration + buffer. */
function tunedSettings(replay: Replay): { capacity: number; offset: number } {
  const mean = replay.completions.slice(0, WARMUP).reduce((a, b) => a + b, 0) / WARMUP;
  const capacity = Math.min(20, Math.max(1, Math.round(mean)));
  const lags: number[] = [];
  for (let t = 0; t < WARMUP; t += 1) {
    (replay.queues[t] as Int32Array).forEach((id, i) => {
      const done = replay.completedOn[id] as number;
      if (done >= 0 && done < WARMUP) lags.push(done - t - Math.ceil(i / capacity));
    });
  }
  return { capacity, offset: Math.min(395, Math.max(1, Math.round(median(lags)))) };
}

function rollingDays(completions: readonly number[], t: number, window: number, position: number): number {
  const from = Math.max(0, t - window);
  let sum = 0;
  for (let i = from; i < t; i += 1) sum += completions[i] as number;
  const pace = sum / Math.max(1, t - from);
  return pace > 0 ? Math.max(1, Math.ceil(position / pace - 1e-9)) : Number.MAX_SAFE_INTEGER;
}

/** What the product keeps of the replay: completions per date, every morning's queue, each client's completion date. */
function historyOf(replay: Replay): PortalHistory {
  const dateOf = (t: number) => dayToIso(replay.days[t] as number);
  const completedOn = new Map<string, IsoDate>();
  replay.completedOn.forEach((t, id) => {
    if (t >= 0) completedOn.set(String(id), dateOf(t));
  });
  return {
    completions: replay.completions.map((count, t) => ({ date: dateOf(t), count })),
    mornings: replay.queues.map((queue, t) => ({
      date: dateOf(t),
      clients: Array.from(queue, (id, i) => ({ id: String(id), position: i + 1, priorityClass: 'medium' as const })),
    })),
    completedOn,
  };
}

/** Changes to the product's setup, for experiments (runs). */
export type BenchVariant = { runs?: number };

export type Method = 'simulation' | 'spec formula' | `rolling mean ${number} wd`;

export function scoreReplay(replay: Replay, seed: number, scores: Map<Method, Score>, variant: BenchVariant = {}): void {
  const formula = tunedSettings(replay);
  const history = historyOf(replay);
  for (let t = WARMUP; t < WARMUP + EVALUATION; t += 1) scoreDay(replay, t, seed, history, formula, scores, variant);
}

function scoreDay(replay: Replay, t: number, seed: number, history: PortalHistory, formula: { capacity: number; offset: number }, scores: Map<Method, Score>, variant: BenchVariant): void {
  const { capacity, offset } = formula;
  const queue = replay.queues[t] as Int32Array;
  const today: IsoDate = dayToIso(replay.days[t] as number);
  // The product's own path: below 20 completions in the window it shows the settings' range (here the tuned ones).
  const settings = { ...defaultWorkloadSettings, dailyCapacity: capacity, averageProjectDuration: offset, bufferDays: 0, holidays: replay.holidays };
  const estimates = estimateMorning({ settings, calendar: replay.calendar, seed: `bench-${seed}`, ...variant }, history, today, queue.length);
  const toIndex = (date: IsoDate) => replay.calendar.countWorkingDays(today, date) + (replay.calendar.isWorkingDay(today) ? 1 : 0);
  queue.forEach((id, i) => {
    const position = i + 1;
    const actual = (replay.completedOn[id] as number) - t + 1;
    const range = estimates.rangeFor(position, 'medium');
    record(scores.get('simulation')!, actual, toIndex(range.likely), toIndex(range.low), toIndex(range.high));
    const n = Math.ceil(i / capacity) + offset;
    const cold = settingsRangeDays(n);
    record(scores.get('spec formula')!, actual, n + 1, cold.low + 1, cold.high + 1);
    for (const window of [ROLLING_DAYS, THROUGHPUT_WINDOW_DAYS]) {
      const likely = rollingDays(replay.completions, t, window, position);
      record(scores.get(`rolling mean ${window} wd`)!, actual, likely, likely, likely);
    }
  });
}

/** Scores of each method over `seeds` replays of the process. */
export function scoreProcess(spec: BenchProcess, seeds: readonly number[], variant: BenchVariant = {}): Map<Method, Score> {
  const scores = new Map<Method, Score>([
    ['simulation', newScore()],
    ['spec formula', newScore()],
    [`rolling mean ${ROLLING_DAYS} wd`, newScore()],
    [`rolling mean ${THROUGHPUT_WINDOW_DAYS} wd`, newScore()],
  ]);
  for (const seed of seeds) {
    const replay = replayProcess(spec, { firstDay: FIRST_DAY, warmupDays: WARMUP, evaluationDays: EVALUATION, waitingTarget: WAITING }, seededRandom(seed));
    scoreReplay(replay, seed, scores, variant);
  }
  return scores;
}
