// npm test: types, lint (with the structure rules), unit and integration tests on SQLite and
// PostgreSQL, and the end-to-end journeys in Chromium with axe; one summary line.
// npm run test:all (--all): the same, then the slow matrix: the cluster test, the upgrade test, and
// the server, package and importer suites under Node 22 and under Node 24.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import {
  ensureDebianPackage,
  ensureDependencies,
  ensureHeadlessShell,
  ensureNginx,
  ensureWebBuild,
  nginxAvailable,
  ROOT,
} from './lib/setup.mjs';

const all = process.argv.includes('--all');
const runStarted = Date.now();

ensureDependencies();
ensureHeadlessShell();
// The backup round trip on PostgreSQL runs pg_dump and pg_restore.
ensureDebianPackage('postgresql-client', '/usr/bin/pg_dump', 'the PostgreSQL backup test');
ensureWebBuild();
// The cluster test runs where nginx is installed or can be (as root); elsewhere it is reported skipped.
const cluster = all && nginxAvailable();
if (cluster) ensureNginx();

const results = join(ROOT, 'var/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
// The names of failed tests, printed again last: a CI log may keep only its end.
const failedTests = [];
/** End-to-end tests that failed once and passed on their retry: listed, so that none goes unseen. */
const flakyTests = [];
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * Runs one step with its output kept in var/test-results/<log>.log and printed whole once it ends,
 * so that steps running side by side do not mix their lines. Resolves with the exit code.
 */
function step(name, command, args, { log, env = {} }) {
  const started = Date.now();
  const file = join(results, `${log}.log`);
  console.log(`--- started: ${name}`);
  return new Promise((resolve) => {
    const out = createWriteStream(file);
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (status, signal) => {
      out.end(() => {
        const code = status ?? (signal ? 1 : 0);
        console.log(`\n=== ${name} ===\n${readFileSync(file, 'utf8').trimEnd()}`);
        console.log(
          `=== ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(started)} (log: var/test-results/${log}.log) ===\n`,
        );
        if (code !== 0) failedSteps.push(name);
        resolve(code);
      });
    });
  });
}

function readJson(file) {
  const path = join(results, file);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

/** A step whose only result is its exit code counts as one test. */
async function checkStep(name, command, args, log) {
  if ((await step(name, command, args, { log })) === 0) totals.passed += 1;
  else totals.failed += 1;
}

/** Runs vitest (through `command`) with a JSON report and adds its counts to the totals. */
async function vitestStep(name, command, args, log) {
  await step(
    name,
    command,
    [...args, '--reporter=default', '--reporter=json', `--outputFile=${join(results, `${log}.json`)}`],
    { log },
  );
  const report = readJson(`${log}.json`);
  if (!report) return;
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed') failedTests.push(`${name}: ${file.name.replace(ROOT, '')} > ${test.fullName}`);
}

/**
 * The tests of a Playwright JSON report with the given status ('unexpected': failed every try;
 * 'flaky': failed, then passed on its retry), each with where and how its first try failed.
 */
function playwrightFailures(suite, status, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  const failures = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === status)
      .map((test) => {
        // The first line of the error, the locator it waited for and the line that failed: a CI log
        // keeps only its tail, and a long test has many assertions of the same kind.
        const error = test.results.find((result) => result.error)?.error;
        const lines = stripVTControlCharacters(error?.message ?? '').split('\n');
        const locator = lines.find((line) => line.startsWith('Locator:'));
        // An axe failure names each rule broken and the first element that broke it.
        const axeRules = lines.flatMap((line, i) =>
          /^[\w-]+ \((critical|serious|moderate|minor|n\/a)\):/.test(line)
            ? [`${line} at ${lines[i + 1]?.trim()}`]
            : [],
        );
        const where = error?.location ? ` at ${error.location.file.split('/').at(-1)}:${error.location.line}` : '';
        const detail = [lines[0], locator, ...axeRules].filter(Boolean).join(' ');
        return `${[...path, spec.title].join(' > ')} (${spec.file}:${spec.line})${detail ? `: ${detail}` : ''}${where}`;
      }),
  );
  return [...failures, ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, status, path))];
}

async function e2eStep() {
  await step(
    'End-to-end journeys (Playwright, Chromium, axe)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    { log: 'e2e' },
  );
  const report = readJson('e2e.json');
  if (!report) return;
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
  for (const suite of report.suites ?? []) {
    failedTests.push(...playwrightFailures(suite, 'unexpected').map((line) => `e2e: ${line}`));
    flakyTests.push(...playwrightFailures(suite, 'flaky').map((line) => `e2e: ${line}`));
  }
}

// Two lanes. Types and lint (one core) run beside vitest, which leaves a core idle while it waits
// on PostgreSQL, sockets and timers; the browser tests follow vitest, so only the end of lint runs
// beside them: a page's own work (timers, polling) lasts as long as the page waits, so a machine
// kept busy costs them twice.
await Promise.all([
  (async () => {
    await checkStep('Types (tsc -b, package by package)', 'npx', ['tsc', '-b'], 'types');
    await checkStep('Lint (ESLint, Prettier, the import graph and cycles)', 'npm', ['run', '--silent', 'lint'], 'lint');
  })(),
  (async () => {
    await vitestStep(
      'Unit and integration tests on SQLite and PostgreSQL, structure rules (vitest)',
      'npx',
      ['vitest', 'run'],
      'vitest',
    );
    await e2eStep();
  })(),
]);
console.log(`npm test's steps ended in ${seconds(runStarted)}.`);

if (all) {
  // The slow matrix, one at a time: each starts processes and servers of its own.
  if (cluster)
    await vitestStep(
      'Cluster: two replicas behind nginx, PostgreSQL, Redis',
      'npx',
      ['vitest', 'run', '-c', 'test/cluster/vitest.config.ts'],
      'cluster',
    );
  else console.log('\nSKIPPED: cluster test, nginx is missing and only root can install it (apt-get install nginx)');
  await vitestStep(
    'Upgrade: the previous release on a database this one migrated',
    'npx',
    ['vitest', 'run', '-c', 'test/upgrade/vitest.config.ts'],
    'upgrade',
  );
  for (const major of ['22', '24'])
    await vitestStep(
      `Server, package and importer tests under Node ${major}`,
      'node',
      ['scripts/test-node.mjs', major],
      `node${major}`,
    );
}

// A step that failed without reporting a failed test (a crash, a broken config) still fails the run.
if (failedSteps.length && totals.failed === 0) totals.failed = failedSteps.length;
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
for (const test of flakyTests) console.log(`FLAKY (passed on its retry) ${test}`);
for (const test of failedTests) console.log(`FAILED ${test}`);
console.log(`\n${all ? 'npm run test:all' : 'npm test'} took ${seconds(runStarted)} in all.`);
console.log(`Summary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
