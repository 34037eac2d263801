import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle, whenIdleInSlices } from './when-idle';

/** requestIdleCallback whose idle periods the test hands out, each with `ms` of time left. */
function idlePeriods() {
  const waiting: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (work: IdleRequestCallback) => waiting.push(work));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => {
    waiting[handle - 1] = () => {};
  });
  return {
    waiting: () => waiting.length,
    /** Runs the oldest waiting callback in a period in which `slicesFit` slices fit. */
    period(slicesFit: number) {
      const work = waiting.shift();
      let left = slicesFit;
      work?.({ didTimeout: false, timeRemaining: () => (left-- > 0 ? 5 : 0) });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('work in idle periods', () => {
  it('runs the slices over as many idle periods as the work takes, and no further', () => {
    const idle = idlePeriods();
    let done = 0;
    whenIdleInSlices(() => ++done === 7);
    idle.period(2);
    // One slice, then one more for each time the period still had time left.
    expect(done).toBe(3);
    idle.period(0);
    expect(done).toBe(4);
    idle.period(10);
    expect(done).toBe(7);
    expect(idle.waiting()).toBe(0);
  });

  it('stops when cancelled between periods', () => {
    const idle = idlePeriods();
    let done = 0;
    const cancel = whenIdleInSlices(() => ++done === 5);
    idle.period(0);
    cancel();
    idle.period(10);
    expect(done).toBe(1);
  });

  it('without requestIdleCallback runs on a short timer, a few milliseconds of slices at a time', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    let done = 0;
    const slice = () => {
      vi.advanceTimersByTime(3); // each slice takes 3 ms of the fixed budget
      return ++done === 10;
    };
    whenIdleInSlices(slice);
    expect(done).toBe(0);
    vi.advanceTimersToNextTimer();
    expect(done).toBeGreaterThan(1);
    expect(done).toBeLessThan(10);
    vi.runAllTimers();
    expect(done).toBe(10);
    const work = vi.fn();
    whenIdle(work)();
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});
