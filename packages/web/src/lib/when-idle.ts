/**
 * Runs `work` when the browser has nothing else to do, at the latest after `timeoutMs` (without
 * requestIdleCallback, as in Safari, shortly after); answers a cancel function (for an effect's clean-up).
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 200);
  return () => clearTimeout(handle);
}
