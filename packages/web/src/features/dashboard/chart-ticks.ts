/** Steps a money axis may take: 1, 2, 2.5 or 5 times a power of ten. */
const STEP_FACTORS = [1, 2, 2.5, 5, 10];

/**
 * Round axis values from 0 up to `max` (issue 31: never ฿92,556): the smallest round step that gives
 * at most `most` intervals under the tallest bar, every tick at or below it (the tallest bar keeps its
 * full height, spec 000). No sales: the single tick 0.
 */
export function roundTicks(max: number, most = 4): number[] {
  if (!(max > 0)) return [0];
  const rough = max / most;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = STEP_FACTORS.map((f) => f * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let i = 0; i * step <= max + 1e-9; i += 1) ticks.push(Math.round(i * step * 100) / 100);
  return ticks;
}
