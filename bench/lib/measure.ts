// What several benchmarks share: a free port, a process's CPU time, waiting for it to rest, and
// percentiles printed one way.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const statFields = (pid: number | 'self') => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');

/** CPU time (user and system) a process has used, in ms; /proc counts it in ticks of 10 ms. */
export const cpuMs = (pid: number) => {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** CPU time this process's ended children have used, in ms (ticks of 10 ms). */
export const childrenCpuMs = () => {
  const fields = statFields('self');
  return (Number(fields[13]) + Number(fields[14])) * 10;
};

/** CPU time (user and system, every thread) this process has used, in ms. */
export const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Waits until a started portal has finished drawing its layer images in the background (its CPU
 * at rest for half a second), at most `tries` half-seconds, so that work does not share the timing.
 */
export async function waitForRest(child: ChildProcess, tries: number): Promise<void> {
  for (let before = cpuMs(child.pid!), i = 0; i < tries; i++) {
    await sleep(500);
    const now = cpuMs(child.pid!);
    if (now - before <= 20) break;
    before = now;
  }
}

/** Prints p50, p95 and the largest of some timings in ms, e.g. 'search: p50 2.25 ms, p95 17.05 ms, max 20.11 ms over 200 calls'. */
export function reportTimes(label: string, times: number[], what = 'calls', digits = 2, note = ''): void {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  const ms = (value: number) => `${value.toFixed(digits)} ms`;
  console.log(
    `${label}: p50 ${ms(at(50))}, p95 ${ms(at(95))}, max ${ms(sorted.at(-1)!)} over ${sorted.length} ${what}${note}`,
  );
}
