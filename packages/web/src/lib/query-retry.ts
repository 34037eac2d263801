import { ApiError } from './api';

/** Times a read refused because the user's own long reads are still running is asked again. */
const BUSY_RETRIES = 3;
/** The server's Retry-After for HEAVY_READS_BUSY, in ms. */
const BUSY_RETRY_DELAY_MS = 2_000;

/** Refused only because this user already has as many long reads running as the server allows (429). */
function isBusyRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'HEAVY_READS_BUSY';
}

/** Client errors (4xx) are answers, not glitches: not retried, except "your other reports are still running". */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isBusyRefusal(error)) return failureCount < BUSY_RETRIES;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** For screens whose errors show at once (with a retry button): only the busy refusal is asked again. */
export function retryOnlyWhenBusy(failureCount: number, error: unknown): boolean {
  return isBusyRefusal(error) && failureCount < BUSY_RETRIES;
}

/** TanStack Query's own back-off, except the busy refusal waits the server's Retry-After. */
export function retryDelay(failureCount: number, error: unknown): number {
  return isBusyRefusal(error) ? BUSY_RETRY_DELAY_MS : Math.min(1000 * 2 ** failureCount, 30_000);
}
