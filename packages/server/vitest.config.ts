import { defineConfig } from 'vitest/config';
import { heavyFirst } from '../../vitest.heavy-first.ts';

export default defineConfig({
  test: {
    name: 'server',
    // The API tests wait on HTTP and PostgreSQL more than they compute: two files at a time on the
    // 2-core CI machine ran the suite in 205 s instead of 327 s (vitest's default there is one).
    maxWorkers: 2,
    // Every file imports the whole server; a worker that keeps its modules between files imports it once
    // (12 files: imports 95 s -> 23 s, CPU 63 s -> 31 s). Each file builds its own app and database.
    isolate: false,
    // Longest first (CI timings), so neither worker is left alone with one of them at the end.
    sequence: {
      sequencer: heavyFirst([
        'test/demo.test.ts',
        'test/soak/crash.test.ts',
        'test/hostile-input.test.ts',
        'test/permission-matrix.test.ts',
        'test/soak/two-processes.test.ts',
        'test/login-throttle.test.ts',
        'test/soak/backup.test.ts',
      ]),
    },
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // One migrated database of each engine for the run, copied for every test app (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
