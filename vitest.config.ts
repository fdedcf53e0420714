import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{apps,packages,data,test}/**/*.test.ts'],
    // The cluster and upgrade tests run on their own (npm run test:cluster, npm run test:upgrade).
    exclude: ['**/node_modules/**', '**/dist/**', 'test/cluster/**', 'test/upgrade/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
