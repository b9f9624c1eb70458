import type { PriorityClass } from '../priority';

// How a client's own completion differs from "the k-th completion from now" (issue 20). Positions are cumulative, so
// the simulation answers when the k-th completion lands; but the client at position k is not always the k-th to be
// done: a big project in progress is passed by smaller ones started after it, and a client can be moved back. The
// portal's own past says by how much: for each client shown at position p on a past morning s, the residual is the
// number of completions from s up to its own, minus p (zero when clients are done in queue order; +5 when five
// clients behind it were done first). Each run of the simulation draws a residual from the past ones: its client is
// done on the day its run reaches p plus the residual completions. Counting in completions, not days, keeps the
// portal's pace (already in the runs) out of the residual.
//
// Residuals differ with the distance: near the head of the queue the clients in progress dominate, further back the
// waiting ones do. They are kept in bands of expected working days (position / pace): up to 1, 3, 10, and beyond.
//
// Priority classes (D4's multipliers scale a project's own duration): a class keeps residuals of its own only where
// the data supports it, i.e. its clients were done measurably sooner or later than others at the same distance
// (a rank test on one figure per client: its median residual beyond its band's, at the 1 % level, with at least 20
// clients on each side). Otherwise the class's clients share everyone's.

/** Upper edges of the residual bands, in expected working days (position / pace); the last band is unbounded. */
export const RESIDUAL_BAND_EDGES = [1, 3, 10] as const;

/** Fewest residuals a band needs to be used on its own (smaller ones join the band before them). */
export const MIN_BAND_RESIDUALS = 40;

/** Fewest clients on each side of the class test. */
export const MIN_CLASS_CLIENTS = 20;

/** |z| of the class test (two-sided 1 %). */
export const CLASS_Z = 2.576;

/** One client on one past morning: its position then and the working day it was done (null: not yet). */
export interface QueueObservation {
  /** Working-day index in the throughput series (0 = its first day). */
  day: number;
  position: number;
  /** Working-day index it was completed on, or null when it is still queued (or was cancelled or removed). */
  completedDay: number | null;
  /** True when the client left the queue without being completed (cancelled, removed): not used. */
  left?: boolean;
  /** The client (to tell clients apart in the class test) and its priority class that morning. */
  client?: string | number;
  priorityClass?: PriorityClass;
}

export interface ResidualBand {
  /** Positions up to this expected working day (Infinity for the last band). */
  upToDay: number;
  /** Residuals in completions, sorted. */
  values: Int32Array;
}

export interface ResidualModel {
  bands: ResidualBand[];
  /** Classes whose clients were done measurably sooner or later than others at the same distance: their own bands. */
  byClass: Partial<Record<PriorityClass, ResidualBand[]>>;
  /** Observations the model was learned from. */
  observations: number;
}

interface Residual {
  band: number;
  value: number;
  client: string | number | undefined;
  priorityClass: PriorityClass | undefined;
}

/**
 * Residuals of the observations against the completions per working day (`counts`, index = working day; the last
 * index is the last day known, today excluded; their mean is the pace bands are measured with). A client not done yet
 * counts with its smallest possible residual when that is already positive (a long wait still widens the range),
 * and not at all otherwise. Null when there are too few to learn from.
 */
export function learnResiduals(observations: readonly QueueObservation[], counts: readonly number[]): ResidualModel | null {
  const n = counts.length;
  const pace = counts.reduce((a, b) => a + b, 0) / Math.max(1, n);
  if (!(pace > 0)) return null;
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i += 1) prefix[i + 1] = (prefix[i] as number) + (counts[i] as number);
  const residuals: Residual[] = [];
  for (const o of observations) {
    const value = residualOf(o, prefix);
    if (value !== null) residuals.push({ band: bandOf(o.position / pace), value, client: o.client, priorityClass: o.priorityClass });
  }
  if (residuals.length < MIN_BAND_RESIDUALS) return null;
  const bands = bandsOf(residuals);
  const byClass: Partial<Record<PriorityClass, ResidualBand[]>> = {};
  for (const cls of ['high', 'medium', 'low'] as const) {
    const own = residuals.filter((r) => r.priorityClass === cls);
    if (own.length >= MIN_BAND_RESIDUALS && classDiffers(residuals, cls)) byClass[cls] = bandsOf(own);
  }
  return { bands, byClass, observations: residuals.length };
}

/** The residual of one observation, or null when it tells nothing. */
function residualOf(o: QueueObservation, prefix: Float64Array): number | null {
  const n = prefix.length - 1;
  if (o.left || o.day < 0 || o.day >= n || o.position < 1) return null;
  const before = prefix[o.day] as number;
  if (o.completedDay !== null && o.completedDay >= o.day && o.completedDay < n) {
    // Done on day A: it was one of that day's completions, so the count up to it lies between the count before A plus
    // one and the count through A. The residual taken is the one nearest zero in that span (zero when in order).
    return nearestZero((prefix[o.completedDay] as number) - before + 1 - o.position, (prefix[o.completedDay + 1] as number) - before - o.position);
  }
  const atLeast = (prefix[n] as number) - before + 1 - o.position;
  return atLeast > 0 ? atLeast : null;
}

/** Bands of residuals; a band with too few joins the one before it (the first joins the next). */
function bandsOf(residuals: readonly Residual[]): ResidualBand[] {
  const perBand: number[][] = Array.from({ length: RESIDUAL_BAND_EDGES.length + 1 }, () => []);
  for (const r of residuals) perBand[r.band]?.push(r.value);
  const bands: ResidualBand[] = [];
  perBand.forEach((values, i) => {
    const upToDay = i < RESIDUAL_BAND_EDGES.length ? (RESIDUAL_BAND_EDGES[i] as number) : Infinity;
    const last = bands[bands.length - 1];
    if (values.length >= MIN_BAND_RESIDUALS || last === undefined) bands.push({ upToDay, values: Int32Array.from(values) });
    else {
      last.values = Int32Array.from([...last.values, ...values]);
      last.upToDay = upToDay;
    }
  });
  while (bands.length > 1 && (bands[0] as ResidualBand).values.length < MIN_BAND_RESIDUALS) {
    const [first, second] = bands as [ResidualBand, ResidualBand];
    bands.splice(0, 2, { upToDay: second.upToDay, values: Int32Array.from([...first.values, ...second.values]) });
  }
  for (const band of bands) band.values.sort();
  return bands;
}

/**
 * True when the class's clients were done measurably sooner or later than the others': each client counts once, with
 * its median residual beyond its band's median (so distance in the queue does not pass for priority), and the two
 * groups are compared by a Mann-Whitney rank test.
 */
function classDiffers(residuals: readonly Residual[], cls: PriorityClass): boolean {
  const bandMedian = new Map<number, number>();
  for (let band = 0; band <= RESIDUAL_BAND_EDGES.length; band += 1) {
    const values = residuals.filter((r) => r.band === band).map((r) => r.value);
    if (values.length > 0) bandMedian.set(band, medianOf(values));
  }
  const perClient = new Map<string, { cls: PriorityClass | undefined; excess: number[] }>();
  for (const r of residuals) {
    if (r.client === undefined) continue;
    const key = String(r.client);
    const entry = perClient.get(key) ?? { cls: r.priorityClass, excess: [] };
    entry.excess.push(r.value - (bandMedian.get(r.band) as number));
    perClient.set(key, entry);
  }
  const inClass: number[] = [];
  const others: number[] = [];
  for (const { cls: c, excess } of perClient.values()) (c === cls ? inClass : others).push(medianOf(excess));
  if (inClass.length < MIN_CLASS_CLIENTS || others.length < MIN_CLASS_CLIENTS) return false;
  return Math.abs(mannWhitneyZ(inClass, others)) >= CLASS_Z;
}

/** z of the Mann-Whitney U statistic (normal approximation with a tie correction). */
export function mannWhitneyZ(a: readonly number[], b: readonly number[]): number {
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort((x, y) => x.v - y.v);
  const n = all.length;
  let rankSumA = 0;
  let tieTerm = 0;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && (all[j + 1] as { v: number }).v === (all[i] as { v: number }).v) j += 1;
    const rank = (i + j) / 2 + 1;
    const ties = j - i + 1;
    tieTerm += ties ** 3 - ties;
    for (let k = i; k <= j; k += 1) if ((all[k] as { g: number }).g === 0) rankSumA += rank;
    i = j + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  return variance > 0 ? (u - (n1 * n2) / 2) / Math.sqrt(variance) : 0;
}

function medianOf(values: readonly number[]): number {
  const s = [...values].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** The value of [low, high] nearest zero. */
function nearestZero(low: number, high: number): number {
  return low > 0 ? low : high < 0 ? high : 0;
}

/** The band of an expected working day. */
export function bandOf(expectedDay: number): number {
  let i = 0;
  while (i < RESIDUAL_BAND_EDGES.length && expectedDay > (RESIDUAL_BAND_EDGES[i] as number)) i += 1;
  return i;
}
