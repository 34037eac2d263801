import { ApiError, CLIENT_ERROR_CODES } from '../../lib/api';

/** Spec 000 §9 / 001 §9: a settings save is tried 3 times in all on timeout, waiting 1 s then 2 s. */
export const SAVE_RETRY_DELAYS_MS = [1_000, 2_000] as const;

const isTimeout = (error: unknown) => error instanceof ApiError && error.code === CLIENT_ERROR_CODES.timeout;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `call`, and again after each delay while it times out. Any other failure (a refusal,
 * no network) is final at once: a refusal will not change by asking again.
 */
export async function retryOnTimeout<T>(
  call: () => Promise<T>,
  delaysMs: readonly number[] = SAVE_RETRY_DELAYS_MS,
  sleep: (ms: number) => Promise<void> = wait,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (!isTimeout(error) || delay === undefined) throw error;
      await sleep(delay);
    }
  }
}
