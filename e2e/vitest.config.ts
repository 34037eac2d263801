import { defineConfig } from 'vitest/config';
import { heavyFirst } from '../vitest.heavy-first.ts';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['specs/**/*.spec.ts'],
    // One migrated SQLite database for the run, copied for every spec's server (support/global-setup.ts).
    globalSetup: ['support/global-setup.ts'],
    // Three spec files at a time (each its own server and browser). On the 2-core machine 19 files took
    // 417 s two at a time instead of about 700 s one by one. The suite is bound by the cores: one spec
    // alone keeps them 45-65 % busy, counting Chromium's renderer and GPU processes (time's user + sys
    // leaves most of them out and once suggested 30 %); a third file fills the gaps of the other two.
    maxWorkers: 3,
    // Longest first (CI timings), so neither worker is left alone with one of them at the end.
    sequence: {
      sequencer: heavyFirst([
        'specs/owner-catalogue.spec.ts',
        'specs/pos.spec.ts',
        'specs/owner-till.spec.ts',
        'specs/owner-back-office.spec.ts',
        // Issue 38's: 74 s and 43 s one file at a time on the loaded machine; by size the service worker's
        // spec started 32nd of 44 and could be left running alone at the end.
        'specs/offline-till.spec.ts',
        'specs/pos-till.spec.ts',
        'specs/customers.spec.ts',
        'specs/pwa.spec.ts',
      ]),
    },
    // Three files at a time slow the longest tests (the stock dialog's, 40 steps) to about a minute.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits on the browser (a list loading, a select enabled by a fetch). Vitest's 1 s suited a
    // quiet machine; CI's, with three files at a time, once took longer for the e-Tax settings' places list.
    expect: { poll: { timeout: 10_000 } },
  },
});
