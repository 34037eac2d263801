import { defineConfig } from 'vitest/config';
import { heavyFirst } from '../vitest.heavy-first.ts';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    // Three spec files at a time (each its own server and browser): they wait on the browser more than
    // they compute. On the 2-core machine 19 files took 417 s two at a time instead of about 700 s one
    // by one; with 26 files two at a time used the cores 30 % of 13.8 minutes (user + sys 8.4 min).
    maxWorkers: 3,
    // Longest first (CI timings), so neither worker is left alone with one of them at the end.
    sequence: {
      sequencer: heavyFirst([
        'specs/owner-catalogue.spec.ts',
        'specs/pos.spec.ts',
        'specs/owner-till.spec.ts',
        'specs/owner-back-office.spec.ts',
        'specs/pos-till.spec.ts',
        'specs/customers.spec.ts',
      ]),
    },
    // Three files at a time slow the longest tests (the stock dialog's, 40 steps) to about a minute.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
