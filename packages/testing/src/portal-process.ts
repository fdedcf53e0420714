import { type ChildProcess, spawn } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';

/** The repository root, where the portal runs from. */
export const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url));

export interface PortalProcess {
  /** Where it listens, e.g. http://127.0.0.1:41234. */
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed so far, for the message of a failing test. */
  output: () => string;
  /** Resolves with the exit code once it exits (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * The portal as operators run it (`tsx apps/server/src/server.ts`), as its own process, so tests can
 * signal it. `env` is its configuration; PORT defaults to 0 (a free port, read from its log).
 * `root` is the tree to run, this one unless another release's is given.
 * Resolves once it listens; rejects if it exits first or takes longer than `startMs`, a ceiling only
 * a hang reaches (a first start imports every dataset, which takes minutes on a busy machine).
 */
export async function startPortalProcess(
  env: Record<string, string>,
  startMs = 300_000,
  root = ROOT_DIR,
): Promise<PortalProcess> {
  // node itself, not npx: a signal reaches the portal directly, not a wrapper that may not pass it on.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the portal did not listen within ${startMs} ms:\n${output}`));
    }, startMs);
    const look = () => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!listening) return;
      clearTimeout(timer);
      child.stdout.off('data', look);
      resolve(listening[1]);
    };
    child.stdout.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the portal exited (${code}) before listening:\n${output}`));
    });
  });
  return { url, port: Number(new URL(url).port), child, output: () => output, exited };
}

/** Asks `url` until it answers 200 (e.g. a portal's readiness call); fails after `ms`, which only a hang takes. */
export async function waitUntilOk(url: string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${ms} ms`);
}

/**
 * Resolves with the process's exit code once it exits; fails, with what it printed, if it still runs
 * after `ms`: a ceiling for a hang, not a measure of speed.
 */
export function exitWithin(portal: PortalProcess, ms: number): Promise<number | null> {
  return Promise.race([
    portal.exited,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still running after ${ms} ms:\n${portal.output()}`)), ms),
    ),
  ]);
}

/**
 * Holds an answer as a slow client would: reads its first chunk, then nothing until `body()` reads
 * the rest. `body()` fails if the answer is cut before its end.
 */
export async function holdAnswer(response: IncomingMessage): Promise<{ body: () => Promise<string> }> {
  const chunks: Buffer[] = [];
  await new Promise((resolve) =>
    response.once('data', (chunk: Buffer) => {
      // Paused before returning, or the next chunks would flow past with no one listening.
      response.pause();
      resolve(chunks.push(chunk));
    }),
  );
  return {
    body: () =>
      new Promise<string>((resolve, reject) => {
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => resolve(Buffer.concat(chunks).toString()));
        response.once('aborted', () => reject(new Error('the answer was cut')));
        response.once('error', reject);
        response.resume();
      }),
  };
}
