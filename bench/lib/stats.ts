// Figures of a bench's repeated measurements, one place for all suites.

export const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const s = Float64Array.from(values).sort();
  const n = s.length;
  return n === 0 ? NaN : n % 2 === 1 ? (s[(n - 1) / 2] as number) : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
}

/** `mean±standard error ms` of some times (the error left out for one). */
export function meanAndError(values: readonly number[]): string {
  const m = mean(values);
  if (values.length < 2) return `${Math.round(m)} ms`;
  const variance = values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1);
  return `${Math.round(m)}±${Math.round(Math.sqrt(variance / values.length))} ms`;
}
