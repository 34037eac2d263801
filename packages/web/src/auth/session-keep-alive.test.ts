import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE, shouldRefresh } from './session-keep-alive';

const T0 = 1_700_000_000_000;

describe('session keep-alive', () => {
  it('refreshes an old enough token only after activity', () => {
    const now = T0 + KEEP_ALIVE.refreshEveryMs;
    expect(shouldRefresh({ now, issuedAt: T0, lastActivity: null })).toBe(false);
    expect(shouldRefresh({ now, issuedAt: T0, lastActivity: T0 - 1 })).toBe(false);
    expect(shouldRefresh({ now, issuedAt: T0, lastActivity: T0 + 5 })).toBe(true);
  });

  it('does not refresh a fresh token however busy the till is', () => {
    expect(shouldRefresh({ now: T0 + KEEP_ALIVE.refreshEveryMs - 1, issuedAt: T0, lastActivity: T0 + 10 })).toBe(false);
  });

  it('refreshes a token of unknown age on the first activity', () => {
    expect(shouldRefresh({ now: T0, issuedAt: null, lastActivity: T0 })).toBe(true);
    expect(shouldRefresh({ now: T0, issuedAt: null, lastActivity: null })).toBe(false);
  });
});
