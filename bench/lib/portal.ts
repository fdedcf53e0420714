// The built portal as `npm start` runs it, for the benchmarks that drive pages in Chromium.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { API } from '@portal/contract/paths';
import { ROOT_DIR } from '../../apps/server/src/config.ts';
import { freePort, sleep, waitForRest } from './measure.ts';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launchChromium = (extraArgs: string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });

/**
 * Starts the built portal on a fresh SQLite file `var/bench/<name>.db`, which it fills with the
 * shipped data as it starts, and resolves once it answers and has finished drawing its layer images.
 */
export async function startBuiltPortal(
  name: string,
  env: Record<string, string> = {},
): Promise<{ base: string; child: ChildProcess }> {
  if (!existsSync(join(ROOT_DIR, 'apps/web/build/server/index.js')))
    throw new Error('no web build: run npm run build first');
  const dir = join(ROOT_DIR, 'var/bench');
  const file = join(dir, `${name}.db`);
  // With its journal files: a run stopped midway leaves them, and SQLite refuses a new file beside them.
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite://${file}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    const up = await fetch(`${base}${API.health}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      await waitForRest(child, 240);
      return { base, child };
    }
    await sleep(200);
  }
  child.kill('SIGTERM');
  throw new Error(
    child.exitCode === null ? 'the portal did not start within two minutes' : 'the portal stopped as it started',
  );
}
