import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    // The API tests wait on HTTP and PostgreSQL more than they compute: two files at a time on the
    // 2-core CI machine ran the suite in 205 s instead of 327 s (vitest's default there is one).
    maxWorkers: 2,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
