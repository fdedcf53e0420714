// The built portal as `npm start` runs it, for the benchmarks that drive pages in Chromium.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { API } from '@portal/contract/paths';
import { startNginx } from '@portal/testing/nginx';
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

/**
 * nginx in front of a started portal over TLS and HTTP/2, as visitors reach it (docs/operations.md),
 * on `port`, each path of `upstreams` passed to its server, with a certificate made for the run
 * (Chromium is started with --ignore-certificate-errors). Over
 * HTTP/1.1 a browser fetches at most six files at a time from one host, so the number of a page's
 * scripts costs round trips that HTTP/2 does not; the benchmark measures what a visitor gets.
 */
export async function startHttpsFront(
  port: number,
  upstreams: Record<string, string>,
): Promise<{ base: string; stop: () => Promise<void> }> {
  const dir = join(ROOT_DIR, 'var/bench/https-front');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    ],
    { stdio: 'ignore' },
  );
  const locations = Object.entries(upstreams).map(
    ([path, upstream]) => `    location ${path} {
      proxy_pass ${upstream};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_max_temp_file_size 0;
    }`,
  );
  const nginx = startNginx(
    dir,
    `  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
${locations.join('\n')}
  }`,
  );
  const base = `https://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (nginx.exitCode !== null) return resolve();
      nginx.once('exit', () => resolve());
      nginx.kill('SIGTERM');
    });
  for (let i = 0; i < 100 && nginx.exitCode === null; i++) {
    const listening = await new Promise<boolean>((resolve) =>
      connect(port, '127.0.0.1')
        .once('connect', function (this: Socket) {
          this.destroy();
          resolve(true);
        })
        .once('error', () => resolve(false)),
    );
    if (listening) return { base, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`nginx did not listen on ${base}: see ${dir}/nginx-error.log`);
}
