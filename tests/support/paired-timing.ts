import { performance } from 'node:perf_hooks';

/**
 * Times two kinds of request in interleaved pairs: pair i runs `a` then `b` when i is even, `b` then `a` when odd,
 * so that a busy machine's slow spells and any first-or-second effect fall on both kinds alike. `between` runs after
 * each request, untimed (the work a request left for after its answer). Returns each pair's difference a - b, in ms.
 */
export async function pairedDifferences(
  pairs: number,
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
  between: () => Promise<unknown>,
): Promise<number[]> {
  const timed = async (run: (i: number) => Promise<unknown>, i: number) => {
    const start = performance.now();
    await run(i);
    const ms = performance.now() - start;
    await between();
    return ms;
  };
  const differences: number[] = [];
  for (let i = 0; i < pairs; i += 1) {
    if (i % 2 === 0) {
      const ta = await timed(a, i);
      differences.push(ta - (await timed(b, i)));
    } else {
      const tb = await timed(b, i);
      differences.push((await timed(a, i)) - tb);
    }
  }
  return differences;
}

/** log(n choose k). */
function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 1; i <= k; i += 1) sum += Math.log(n - k + i) - Math.log(i);
  return sum;
}

/**
 * The distribution-free confidence interval of the median of paired differences (the sign test's): the order
 * statistics d(k) and d(n+1-k), where k is the largest with P(Binomial(n, 1/2) < k) <= (1 - confidence) / 2. It
 * assumes nothing about the shape of the times (a busy machine's long tail only widens it). When it includes zero,
 * the two kinds cannot be told apart by their medians at that confidence.
 */
export function medianDifferenceInterval(differences: readonly number[], confidence = 0.999) {
  const n = differences.length;
  const sorted = [...differences].sort((x, y) => x - y);
  const tail = (1 - confidence) / 2;
  let k = 0;
  let below = 0; // P(X < k + 1) as k grows
  while (k < n) {
    below += Math.exp(logChoose(n, k) - n * Math.LN2);
    if (below > tail) break;
    k += 1;
  }
  // k is now the number of order statistics left out on each side.
  const lower = sorted[k]!;
  const upper = sorted[n - 1 - k]!;
  const median = n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  return { lower, upper, median, n };
}
