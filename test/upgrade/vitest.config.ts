import { defineConfig } from 'vitest/config';

/** The upgrade test (npm run test:upgrade): two releases as real processes on one database, so long limits. */
export default defineConfig({
  test: {
    include: ['test/upgrade/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
