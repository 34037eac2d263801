import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, loginDelayMs } from '../src';

describe('sign-in slow-down per username', () => {
  it('lets the first failures through at once, then doubles the wait up to the cap', () => {
    const free = LOGIN_THROTTLE.freeFailuresPerUsername;
    for (let failures = 0; failures < free; failures++) expect(loginDelayMs(failures)).toBe(0);
    expect(loginDelayMs(free)).toBe(LOGIN_THROTTLE.firstDelayMs);
    expect(loginDelayMs(free + 1)).toBe(2 * LOGIN_THROTTLE.firstDelayMs);
    expect(loginDelayMs(free + 2)).toBe(4 * LOGIN_THROTTLE.firstDelayMs);
  });

  it('never waits more than a few seconds, however many failures a stranger caused', () => {
    expect(LOGIN_THROTTLE.maxDelayMs).toBeLessThanOrEqual(5000);
    for (const failures of [20, 100, 10_000, Number.MAX_SAFE_INTEGER]) {
      expect(loginDelayMs(failures)).toBe(LOGIN_THROTTLE.maxDelayMs);
    }
  });
});
