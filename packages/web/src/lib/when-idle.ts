/**
 * Runs `work` when the browser has nothing else to do, at the latest after `timeoutMs` (without
 * requestIdleCallback, as in Safari, shortly after); answers a cancel function (for an effect's clean-up).
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  return idleCallback(() => work(), timeoutMs);
}

/** A slice of work: answers true once there is nothing left to do. */
export type WorkSlice = () => boolean;

/** Time a slice run may take when the browser gives no deadline (a frame's budget, well under a long task). */
const SLICE_BUDGET_MS = 8;

/**
 * Runs `slice` again and again while the browser is idle, over as many idle periods as it takes, until it
 * answers true: long work (a catalogue of 50,000 codes) never holds the main thread beyond an idle
 * period, so a key, a scan or a navigation waits for one slice at most. Answers a cancel function.
 */
export function whenIdleInSlices(slice: WorkSlice, timeoutMs = 2000): () => void {
  let cancel = () => {};
  const run = (timeLeft: () => number) => {
    // At least one slice, even when the period ends at once (an overdue timeout), so the work always advances.
    let done = slice();
    while (!done && timeLeft() > 0) done = slice();
    if (!done) cancel = idleCallback(run, timeoutMs);
  };
  cancel = idleCallback(run, timeoutMs);
  return () => cancel();
}

/** requestIdleCallback with the time left in its period, or a short timer and a fixed budget without it. */
function idleCallback(work: (timeLeft: () => number) => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback((deadline) => work(() => deadline.timeRemaining()), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(() => {
    const end = performance.now() + SLICE_BUDGET_MS;
    work(() => end - performance.now());
  }, 200);
  return () => clearTimeout(handle);
}
