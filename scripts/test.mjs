// npm test: every test of the project (types, unit, integration, end to end) and one summary line.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureDebianPackage, ensureDependencies, ensureNginx, ensureWebBuild, nginxAvailable, ROOT, run } from './lib/setup.mjs';

ensureDependencies();
ensureChromium();
// The backup round trip on PostgreSQL runs pg_dump and pg_restore.
ensureDebianPackage('postgresql-client', '/usr/bin/pg_dump', 'the PostgreSQL backup test');
ensureWebBuild();
// The cluster test runs where nginx is installed or can be (as root); elsewhere it is reported skipped.
const cluster = nginxAvailable();
if (cluster) ensureNginx();

const results = join(ROOT, 'var/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function step(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const code = run(command, args, { env: { ...process.env, FORCE_COLOR: '0' } });
  if (code !== 0) failedSteps.push(name);
  return code;
}

function readJson(file) {
  const path = join(results, file);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

for (const [name, command, args] of [
  ['Type check (tsc -b, package by package)', 'npx', ['tsc', '-b']],
  ['Lint (ESLint, Prettier, import cycles)', 'npm', ['run', '--silent', 'lint']],
]) {
  if (step(name, command, args) === 0) totals.passed += 1;
  else totals.failed += 1;
}

/** Runs vitest with a config and adds its counts to the totals. */
function vitestStep(name, config, report) {
  step(name, 'npx', ['vitest', 'run', '-c', config, '--reporter=default', '--reporter=json', `--outputFile=${join(results, report)}`]);
  const vitest = readJson(report);
  if (vitest) {
    totals.passed += vitest.numPassedTests;
    totals.failed += vitest.numFailedTests;
    totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  }
}

vitestStep('Unit and integration tests (vitest)', 'vitest.config.ts', 'vitest.json');
if (cluster) vitestStep('Cluster test (two replicas behind nginx, PostgreSQL, Redis)', 'test/cluster/vitest.config.ts', 'cluster.json');
else console.log('\nSKIPPED: cluster test, nginx is missing and only root can install it (apt-get install nginx)');
vitestStep('Upgrade test (the previous release on a database this one migrated)', 'test/upgrade/vitest.config.ts', 'upgrade.json');
// The native modules under Node 24 LTS and the suites that lean on them most; every server and
// package test under Node 24 is `npm run test:node24` (minutes more). Skipped, with a message,
// where Node 24 cannot be downloaded; a failure fails the run.
step('Native modules and database tests under Node 24', 'node', [
  'scripts/test-node.mjs',
  '24',
  'packages/db',
  'apps/server/test/accounts-flow.test.ts',
  'apps/server/test/layers.test.ts',
]);

step('End-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
const e2e = readJson('e2e.json');
if (e2e) {
  totals.passed += e2e.stats.expected + e2e.stats.flaky;
  totals.failed += e2e.stats.unexpected;
  totals.skipped += e2e.stats.skipped;
}

// A step that failed without reporting a failed test (a crash, a broken config) still fails the run.
if (failedSteps.length && totals.failed === 0) totals.failed = failedSteps.length;
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\nSummary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
