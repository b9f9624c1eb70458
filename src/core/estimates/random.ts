// A seeded source of random numbers for the estimate simulation (issue 20): the same seed gives the same runs, so
// an estimate is reproducible (tests, the benchmark, and a portal's estimate recomputed twice on the same day).

/** Numbers in [0, 1), like Math.random. */
export type RandomSource = () => number;

/**
 * sfc32 (Chris Doty-Humphrey's small fast counter), seeded through splitmix32: 2^128 state, fast on 32-bit integer
 * arithmetic, good statistical quality for simulation (not for secrets).
 */
export function seededRandom(seed: number): RandomSource {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
  let a = next();
  let b = next();
  let c = next();
  let d = next();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}

/** A 32-bit seed from text (FNV-1a), e.g. a portal id and a date: one portal's estimate is the same all day. */
export function seedFromText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A whole number in [0, n). */
export function randomIndex(random: RandomSource, n: number): number {
  return Math.floor(random() * n);
}
