import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // One jsdom and one loaded React per worker instead of per file; test-isolation.ts gives each file
    // fresh app modules, storage and document (48 files: 96 s -> ~15 s on the loaded machine).
    pool: 'threads',
    isolate: false,
    setupFiles: ['src/test-isolation.ts'],
  },
});
