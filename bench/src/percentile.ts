/** The nearest-rank percentile `p` (0-100) of `values` (any order); 0 for none. p = 50 is the lower middle. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
