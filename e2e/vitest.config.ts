import { defineConfig } from 'vitest/config';
import { heavyFirst } from '../vitest.heavy-first.ts';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    // Two spec files at a time (each its own server and browser): they wait on the browser more than
    // they compute, so on the 2-core CI machine 19 files took 417 s instead of about 700 s one by one,
    // the longest test 28 s against the 60 s limit.
    maxWorkers: 2,
    // Longest first (CI timings), so neither worker is left alone with one of them at the end.
    sequence: { sequencer: heavyFirst(['specs/pos-till.spec.ts', 'specs/pos.spec.ts', 'specs/products.spec.ts']) },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
