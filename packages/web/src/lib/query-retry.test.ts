import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { retryDelay, retryOnlyWhenBusy, shouldRetry } from './query-retry';

const refusal = (status: number, code: string) => new ApiError({ status, code, message: code });
const busy = refusal(429, 'HEAVY_READS_BUSY');

describe('retrying reads', () => {
  it('asks again, three times two seconds apart, when only the user’s own long reads are still running', () => {
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, busy))).toEqual([true, true, true, false]);
    expect([0, 1, 2, 3].map((n) => retryOnlyWhenBusy(n, busy))).toEqual([true, true, true, false]);
    expect(retryDelay(0, busy)).toBe(2000);
  });

  it('takes other refusals as answers, and retries a glitch once', () => {
    expect(shouldRetry(0, refusal(429, 'TOO_MANY_ATTEMPTS'))).toBe(false);
    expect(shouldRetry(0, refusal(403, 'FORBIDDEN'))).toBe(false);
    expect(retryOnlyWhenBusy(0, refusal(503, 'READ_TIMED_OUT'))).toBe(false);
    expect([0, 1].map((n) => shouldRetry(n, refusal(503, 'READ_TIMED_OUT')))).toEqual([true, false]);
    expect(retryDelay(1, refusal(503, 'READ_TIMED_OUT'))).toBe(2000);
  });
});
