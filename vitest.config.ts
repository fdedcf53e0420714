import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{apps,packages,data,test}/**/*.test.ts'],
    // The cluster and upgrade tests run on their own (npm run test:cluster, npm run test:upgrade).
    exclude: ['**/node_modules/**', '**/dist/**', 'test/cluster/**', 'test/upgrade/**'],
    // Builds the run's template databases once; each test file copies them.
    globalSetup: ['test/template-databases.ts'],
    // Test files spend much of their time waiting on PostgreSQL, sockets and timers, so two run at
    // once on two cores (vitest's default is one fewer than the cores: one here).
    maxWorkers: 2,
    // A worker keeps the modules it loaded from one test file to the next instead of loading the
    // server's thousands anew for each (a third of the run's processor time). Each file builds its
    // own app and database; a spy or fake clock is undone after each test.
    isolate: false,
    restoreMocks: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
