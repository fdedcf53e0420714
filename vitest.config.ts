import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{apps,packages,data,test}/**/*.test.ts'],
    // The cluster test runs on its own (npm run test:cluster, test/cluster/vitest.config.ts).
    exclude: ['**/node_modules/**', '**/dist/**', 'test/cluster/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
