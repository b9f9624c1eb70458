// Synthetic queues for the estimates benchmark (issue 20): a team works through a first-come queue; its daily pace
// comes from a known process. Replayed day by day, it tells what each client's position was every morning and on
// which working day each client really was completed: the known outcome estimates are scored against.
import { dayToIso, weekdayOfDay, type IsoDate } from '../../src/core/dates';
import type { RandomSource } from '../../src/core/estimates/random';
import { WorkingCalendar } from '../../src/core/working-days';

export interface ProcessSpec {
  name: string;
  /** One line for the report. */
  description: string;
  workers: number;
  /** Working days of one worker one client's project takes (mean `meanJob`). */
  jobSize: (random: RandomSource) => number;
  meanJob: number;
  /** Work one worker gets done on working day t (0 = first day) of this weekday; 1 is a normal day. */
  capacity: (t: number, weekday: number, random: RandomSource) => number;
  /** Holidays in the business's settings, given the first day number of the replay. */
  holidays: (firstDay: number) => IsoDate[];
}

export interface ReplayOptions {
  firstDay: number;
  /** Working days before the first estimate (the window has to fill). */
  warmupDays: number;
  /** Working days on which estimates are made. */
  evaluationDays: number;
  /** Clients waiting (not started) the arrivals keep the queue near. */
  waitingTarget: number;
}

export interface Replay {
  calendar: WorkingCalendar;
  holidays: IsoDate[];
  /** Day number of working day t. */
  days: number[];
  /** Completions on working day t. */
  completions: number[];
  /** Client ids in queue order on the morning of working day t (t < warmup + evaluation). */
  queues: Int32Array[];
  /** Working day t on which each client was completed (-1 when it never was within the replay). */
  completedOn: Int32Array;
}

const MAX_DAYS = 4000;

/** Runs the process until every client queued on an estimate day is completed. */
export function replayProcess(spec: ProcessSpec, options: ReplayOptions, random: RandomSource): Replay {
  const holidays = spec.holidays(options.firstDay);
  const calendar = new WorkingCalendar({ workingDays: [1, 2, 3, 4, 5], holidays });
  const nominalPace = spec.workers / spec.meanJob;
  const queueDays = options.warmupDays + options.evaluationDays;
  const completedOn: number[] = [];
  const waiting: number[] = [];
  const started: number[] = [];
  const workerJob = new Int32Array(spec.workers).fill(-1);
  const workerLeft = new Float64Array(spec.workers);
  const days: number[] = [];
  const completions: number[] = [];
  const queues: Int32Array[] = [];
  let lastQueued = -1;
  const arrive = (n: number) => {
    for (let i = 0; i < n; i += 1) {
      completedOn.push(-1);
      waiting.push(completedOn.length - 1);
    }
  };
  arrive(options.waitingTarget + spec.workers);
  for (let day = options.firstDay; days.length < MAX_DAYS; day += 1) {
    const weekday = weekdayOfDay(day);
    if (weekday === 0 || weekday === 6) continue;
    if (calendar.isWorkingDayNumber(day)) {
      const t = days.length;
      days.push(day);
      if (t < queueDays) {
        const queue = Int32Array.from([...started, ...waiting]);
        queues.push(queue);
        for (const id of queue) lastQueued = Math.max(lastQueued, id);
      } else if (lastQueued >= 0 && completedOn.slice(0, lastQueued + 1).every((d) => d >= 0)) break;
      completions.push(work(spec, t, weekday, random, { waiting, started, workerJob, workerLeft, completedOn }));
    }
    // Clients sign up on every weekday, holidays too (the queue grows while the team is away).
    const topUp = Math.max(0, options.waitingTarget - waiting.length) * 0.3;
    arrive(poisson(random, nominalPace * 0.97 + topUp));
  }
  return { calendar, holidays, days, completions, queues, completedOn: Int32Array.from(completedOn) };
}

interface TeamState {
  waiting: number[];
  started: number[];
  workerJob: Int32Array;
  workerLeft: Float64Array;
  completedOn: number[];
}

/** One working day of the team; returns the completions of the day. */
function work(spec: ProcessSpec, t: number, weekday: number, random: RandomSource, s: TeamState): number {
  let done = 0;
  for (let w = 0; w < spec.workers; w += 1) {
    let capacity = spec.capacity(t, weekday, random);
    while (capacity > 1e-12) {
      if (s.workerJob[w] === -1) {
        const next = s.waiting.shift();
        if (next === undefined) break;
        s.workerJob[w] = next;
        s.workerLeft[w] = spec.jobSize(random);
        s.started.push(next);
      }
      const used = Math.min(capacity, s.workerLeft[w] as number);
      capacity -= used;
      s.workerLeft[w] = (s.workerLeft[w] as number) - used;
      if ((s.workerLeft[w] as number) <= 1e-12) {
        const id = s.workerJob[w] as number;
        s.completedOn[id] = t;
        s.started.splice(s.started.indexOf(id), 1);
        s.workerJob[w] = -1;
        done += 1;
      }
    }
  }
  return done;
}

/** Poisson draw (Knuth; small means). */
export function poisson(random: RandomSource, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k += 1;
    p *= random();
  }
  return k;
}

/** Gamma draw (Marsaglia-Tsang; shape >= 1). */
export function gamma(random: RandomSource, shape: number, mean: number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return (d * v * mean) / shape;
  }
}

/** Standard normal draw (Box-Muller). */
export function normal(random: RandomSource): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Pareto draw with this tail index (> 1) and mean. */
export function pareto(random: RandomSource, alpha: number, mean: number): number {
  const scale = (mean * (alpha - 1)) / alpha;
  return scale / (1 - random()) ** (1 / alpha);
}

/** The ten working days (two weeks) starting at working day `from` of a plain Monday-Friday calendar. */
export function twoWeeksFrom(firstDay: number, from: number): IsoDate[] {
  const out: IsoDate[] = [];
  let t = 0;
  for (let day = firstDay; out.length < 10; day += 1) {
    const weekday = weekdayOfDay(day);
    if (weekday === 0 || weekday === 6) continue;
    if (t >= from) out.push(dayToIso(day));
    t += 1;
  }
  return out;
}
