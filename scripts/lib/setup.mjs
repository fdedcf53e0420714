// Brings a fresh clone to a runnable state: dependencies, the web build and, for tests, Chromium.
// Only Node built-ins here: this runs before any dependency is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKSPACES = ['apps/server', 'apps/web', 'packages/contract', 'packages/db', 'packages/geo', 'data/importer'];
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/react-router.config.ts',
  'apps/web/vite.config.ts',
  'apps/web/sw',
  'data/catalog/site.json',
  'packages/contract/src',
  'package-lock.json',
];

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function mustRun(command, args, what) {
  if (run(command, args) !== 0) {
    console.error(`\n${what} failed; see the output above.`);
    process.exit(1);
  }
}

function filesUnder(path) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'build')
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** A hash of the contents of every file under `paths`, so a fresh clone and an old tree agree. */
function contentHash(paths) {
  const hash = createHash('sha256');
  for (const file of paths.flatMap(filesUnder).sort()) {
    hash.update(relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

function isCurrent(stampFile, hash) {
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;
}

/** Installs the npm dependencies when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const hash = contentHash(['package.json', 'package-lock.json', ...WORKSPACES.map((w) => `${w}/package.json`)]);
  const stamp = join(ROOT, 'node_modules/.portal-install-stamp');
  if (isCurrent(stamp, hash)) return;
  console.log('Installing dependencies (native modules compile on the first run; this takes a few minutes)...');
  const lock = existsSync(join(ROOT, 'package-lock.json'));
  mustRun('npm', [lock ? 'ci' : 'install', '--no-audit', '--no-fund'], 'npm install');
  writeFileSync(stamp, hash);
}

/** Builds the web app unless the build on disk was made from the same sources. */
export function ensureWebBuild() {
  const hash = contentHash(WEB_INPUTS);
  const stamp = join(ROOT, 'apps/web/build/.build-stamp');
  if (isCurrent(stamp, hash)) return;
  console.log('Building the web app...');
  mustRun('npm', ['run', 'build', '--workspace', '@portal/web'], 'The web build');
  writeFileSync(stamp, hash);
}

/**
 * Installs a Debian package when `binary` is missing and we are root; otherwise names the package
 * to install and stops.
 */
export function ensureDebianPackage(pkg, binary, purpose, extras = []) {
  if (existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `${binary} is missing. Install the Debian package '${pkg}' (sudo apt-get install ${pkg}) for ${purpose}.`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${pkg} package for ${purpose}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update', '-qq'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', pkg, ...extras], { env }) !== 0
  ) {
    console.error(`Installing the '${pkg}' package failed; install it by hand and try again.`);
    process.exit(1);
  }
}

/** Debian's Chromium for the benchmarks: Lighthouse drives the full browser. */
export function ensureChromium() {
  ensureDebianPackage('chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'the benchmarks', [
    'fonts-liberation',
  ]);
}

/**
 * Chromium's headless shell for the end-to-end tests: the build Playwright itself runs headless,
 * at about half the full browser's processor time a test.
 */
export function ensureHeadlessShell() {
  ensureDebianPackage(
    'chromium-headless-shell',
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    'the end-to-end tests',
    ['fonts-liberation'],
  );
}

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** nginx for the cluster test; Debian's package, as operators install it. */
export function ensureNginx() {
  ensureDebianPackage('nginx', NGINX, 'the cluster test (two replicas behind nginx)');
}

/** Whether nginx is here or can be installed (as root), so `npm test` runs the cluster test or says why not. */
export function nginxAvailable() {
  return existsSync(NGINX) || process.getuid?.() === 0;
}
