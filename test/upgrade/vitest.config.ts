import { defineConfig } from 'vitest/config';

/** The upgrade test (npm run test:upgrade): two releases as real processes on one database, so long limits. */
export default defineConfig({
  test: {
    include: ['test/upgrade/**/*.test.ts'],
    testTimeout: 60_000,
    // A ceiling for a hang: the first start imports every dataset, which takes minutes on a busy machine.
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
