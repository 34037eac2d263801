import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES } from '../../lib/api';
import { retryOnTimeout } from './retry-on-timeout';

const timeout = () => new ApiError({ status: 0, code: CLIENT_ERROR_CODES.timeout, message: 'timeout' });
const refusal = () => new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'bad', fromServer: true });

function calls(outcomes: (Error | string)[]) {
  let n = 0;
  const call = () => {
    const outcome = outcomes[n++];
    return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome ?? 'extra');
  };
  return { call, count: () => n };
}

describe('a settings save retried on timeout', () => {
  it('tries 3 times in all, waiting 1 s then 2 s, and gives the last timeout', async () => {
    const slept: number[] = [];
    const { call, count } = calls([timeout(), timeout(), timeout(), 'never']);
    await expect(retryOnTimeout(call, undefined, async (ms) => void slept.push(ms))).rejects.toMatchObject({
      code: CLIENT_ERROR_CODES.timeout,
    });
    expect(count()).toBe(3);
    expect(slept).toEqual([1_000, 2_000]);
  });

  it('answers with the first success after a timeout', async () => {
    const slept: number[] = [];
    const { call, count } = calls([timeout(), 'saved']);
    await expect(retryOnTimeout(call, undefined, async (ms) => void slept.push(ms))).resolves.toBe('saved');
    expect(count()).toBe(2);
    expect(slept).toEqual([1_000]);
  });

  it('does not ask again after a refusal', async () => {
    const { call, count } = calls([refusal(), 'never']);
    await expect(retryOnTimeout(call, undefined, async () => undefined)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(count()).toBe(1);
  });
});
