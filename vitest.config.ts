import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/core', 'packages/server', 'packages/web', 'e2e'],
  },
});
