// Has the portal's pace changed within its window? (issue 20: a team that halves its capacity one day should not be
// promised its old pace for the next 60 working days.)
//
// The window is cut into weeks (as many working days as the calendar's week, counted back from the newest day), so a
// weekly rhythm is not mistaken for a change. Over the weekly sums runs a Bayesian online change-point detection
// (Adams & MacKay, 2007): a change may happen before any week (about twice a year, a priori); the weeks since the
// last change share one rate, unknown (counts with a gamma prior centred on the window's mean, after dividing by the
// window's dispersion so a lumpy team is not read as changing). It ends with how likely "the pace has been the same
// for the last r weeks" is for each r. The simulation's runs then learn from the last r weeks in those proportions:
// evidence of a change moves the estimate over day by day, instead of all at once when a test is passed.

/** Prior chance of a change before any one week: about two a year. */
export const CHANGE_HAZARD = 1 / 26;

/** Fewest weeks a run learns from (a change in the last week is learned from two). */
export const MIN_RECENT_WEEKS = 2;

/** Fewest completions a recent part must hold to be learned from on its own. */
export const MIN_RECENT_COMPLETIONS = 10;

/** How many recent days the runs learn from, and what share of the runs does. */
export interface RecentPart {
  /** Index in the series where the part starts. */
  start: number;
  /** Share of the runs (the parts' shares add up to 1). */
  share: number;
  /** Completions per working day over the part. */
  perDay: number;
}

export interface PaceChanges {
  /** The parts learned from, newest-first by length (the whole window last when it has a share). */
  parts: RecentPart[];
  /** Chance that the pace changed within the window: 1 minus the whole window's share. */
  changed: number;
}

/**
 * How many recent weeks of the series (completions per working day, oldest first) to learn from, and in what shares.
 * A short series, or one without a clear change, gives the whole series with share 1.
 */
export function recentParts(counts: readonly number[], weekLength: number): PaceChanges {
  const n = counts.length;
  const whole = (): PaceChanges => ({ parts: [{ start: 0, share: 1, perDay: meanOf(counts, 0, n) }], changed: 0 });
  const week = Math.max(1, Math.floor(weekLength));
  const weeks = Math.floor(n / week);
  if (weeks < 2 * MIN_RECENT_WEEKS) return whole();
  const skip = n - weeks * week;
  const sums: number[] = [];
  for (let w = 0; w < weeks; w += 1) sums.push(sumOf(counts, skip + w * week, skip + (w + 1) * week));
  const lengths = runLengthPosterior(sums);
  // Weeks since the last change -> share; too short a part is learned as the shortest allowed.
  const byStart = new Map<number, number>();
  for (let r = 1; r <= weeks; r += 1) {
    const kept = Math.max(r, MIN_RECENT_WEEKS);
    let start = kept >= weeks ? 0 : skip + (weeks - kept) * week;
    if (start > 0 && sumOf(counts, start, n) < MIN_RECENT_COMPLETIONS) start = 0;
    byStart.set(start, (byStart.get(start) ?? 0) + (lengths[r] as number));
  }
  const parts = [...byStart]
    .filter(([, share]) => share >= 1e-3)
    .sort((a, b) => b[0] - a[0])
    .map(([start, share]) => ({ start, share, perDay: meanOf(counts, start, n) }));
  const total = parts.reduce((a, p) => a + p.share, 0);
  if (parts.length === 0 || !(total > 0)) return whole();
  for (const p of parts) p.share /= total;
  return { parts, changed: 1 - (parts.find((p) => p.start === 0)?.share ?? 0) };
}

/**
 * P(the last r weekly sums share one pace | all of them), r = 1..n (index 0 unused), by the Adams-MacKay recursion.
 * Each part's weekly sums are counts at an unknown rate with a gamma prior centred on the series' mean (so a week is
 * predicted by a negative binomial); counts are first divided by the series' dispersion (variance over mean, from
 * successive differences, which a change of pace barely moves), so a lumpy team's weeks are not read as changes.
 */
export function runLengthPosterior(ys: readonly number[]): Float64Array {
  const n = ys.length;
  const mean = ys.reduce((a, b) => a + b, 0) / n;
  let squaredSteps = 0;
  for (let i = 1; i < n; i += 1) squaredSteps += ((ys[i] as number) - (ys[i - 1] as number)) ** 2;
  const dispersion = mean > 0 ? Math.max(0.5, squaredSteps / (2 * Math.max(1, n - 1)) / mean) : 1;
  const zs = ys.map((y) => y / dispersion);
  const prior = { shape: 2, rate: 2 / Math.max(mean / dispersion, 1e-6) };
  // State per run length r (observations in the current part): log probability and the part's count and sum.
  let logP = [0];
  let parts = [{ count: 0, sum: 0 }];
  for (const z of zs) {
    const predictive = parts.map((p) => logNegativeBinomial(z, prior.shape + p.sum, prior.rate + p.count));
    const grown = logP.map((lp, r) => lp + (predictive[r] as number) + Math.log(1 - CHANGE_HAZARD));
    const fresh = logSumExp(logP.map((lp) => lp + Math.log(CHANGE_HAZARD))) + logNegativeBinomial(z, prior.shape, prior.rate);
    // Run length 0 (no observation yet) only exists before the first one: its growth becomes run length 1.
    const nextP = [-Infinity, logSumExp([fresh, grown[0] as number]), ...grown.slice(1)];
    parts = [{ count: 0, sum: 0 }, { count: 1, sum: z }, ...parts.slice(1).map((p) => ({ count: p.count + 1, sum: p.sum + z }))];
    const norm = logSumExp(nextP);
    logP = nextP.map((lp) => lp - norm);
  }
  return Float64Array.from(logP.map((lp) => Math.exp(lp)));
}

/** log of the negative binomial density at z (real z >= 0): a Poisson count whose rate is Gamma(shape, rate). */
function logNegativeBinomial(z: number, shape: number, rate: number): number {
  return logGamma(z + shape) - logGamma(shape) - logGamma(z + 1) + shape * Math.log(rate / (rate + 1)) - z * Math.log(rate + 1);
}

/** log Gamma(x) for x > 0 (Lanczos, g = 7). */
function logGamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0] as number;
  const t = z + 7.5;
  for (let i = 1; i < 9; i += 1) a += (c[i] as number) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

function logSumExp(values: readonly number[]): number {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  if (max === -Infinity) return -Infinity;
  let sum = 0;
  for (const v of values) sum += Math.exp(v - max);
  return max + Math.log(sum);
}

function sumOf(counts: readonly number[], from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += counts[i] as number;
  return sum;
}

function meanOf(counts: readonly number[], from: number, to: number): number {
  return sumOf(counts, from, to) / Math.max(1, to - from);
}
