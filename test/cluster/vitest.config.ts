import { defineConfig } from 'vitest/config';

/** The cluster test (npm run test:cluster): real processes, nginx, PostgreSQL and Redis, so long limits. */
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    // Ceilings for a hang: the first replica imports every dataset into PostgreSQL, minutes on a busy machine.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
