import { defineConfig } from '@playwright/test';
import { E2E_MAIL_DIR } from './fixtures/mailbox.ts';

const PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * End-to-end tests: the built portal on an in-memory SQLite database, driven by Debian's
 * chromium-headless-shell: Chromium's headless build, the one Playwright itself runs headless, at
 * about half the processor time of the full browser per test.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  // One retry: on a two-core machine shared by two browsers and the server, a journey of many steps
  // can meet a timing it was not written for. A test that passes only on its retry is still listed
  // (npm test prints it as FLAKY with its first failure) and is mended, not ignored; a feature that is
  // missing fails both tries.
  retries: 1,
  // Generous limits: CI machines have two cores and the portal imports its data at start.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../var/test-results/e2e.json' }]],
  outputDir: '../var/test-results/e2e-artifacts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace costs every test about a quarter more processor time; a failure keeps a
    // screenshot, and `npm run test:e2e -- --trace on` records traces when one is needed.
    trace: 'off',
    screenshot: 'only-on-failure',
    // A service worker answers requests before page.route sees them; only e2e/offline.spec.ts allows one.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A test's page lives seconds: V8's optimising compilers (TurboFan, Maglev) work in the
        // background for code that ends before it pays. Without them, opening nine screens with
        // axe took a fifth less processor time here (the whole suite a few per cent less); what
        // the code does is the same.
        '--js-flags=--no-opt,--no-maglev',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npx tsx apps/server/src/server.ts',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite://:memory:',
      LOG_LEVEL: 'warn',
      // No SMTP_URL: mail is written to files that the tests read (e2e/fixtures/mailbox.ts).
      MAIL_DIR: E2E_MAIL_DIR,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // Tests act as separate visitors through X-Forwarded-For (e2e/fixtures/test.ts).
      TRUST_PROXY: '1',
      // Below the largest query the page can build (every variable and place of energy/models:
      // 233,740 cells up to today, 831,140 up to 2050) and above every other source's, so the
      // refusal can be seen (ADR 0022).
      QUERY_MAX_CELLS: '200000',
    },
  },
});
