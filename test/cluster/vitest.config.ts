import { defineConfig } from 'vitest/config';

/** The cluster test (npm run test:cluster): real processes, nginx, PostgreSQL and Redis, so long limits. */
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 400_000,
    fileParallelism: false,
  },
});
