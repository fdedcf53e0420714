import { request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { openDb } from '@portal/db/dialect';
import { exitWithin, holdAnswer, type PortalProcess, startPortalProcess } from '@portal/testing/portal-process';
import { loginAs } from './login-as.ts';

/** The largest shipped dataset: its CSV (about 9 MB) outlasts the socket buffers, so it is truly in flight. */
const DATASET = 'osemosys-kenya-psm-v2';

/** A streamed CSV export, held after its first chunk like a slow client. */
async function startSlowDownload(portal: PortalProcess, cookie: string): Promise<{ response: IncomingMessage; body: () => Promise<string> }> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request(`${portal.url}${API.datasetObservationsCsv(DATASET)}`, { headers: { cookie } }, resolve)
      .on('error', reject)
      .end();
  });
  return { response, ...(await holdAnswer(response)) };
}

/** Whether a new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

async function eventually(check: () => Promise<boolean>, what: string, tries = 50): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not after ${tries * 100} ms: ${what}`);
}

describe('stopping the portal process with SIGTERM', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-drain-'));
  const databaseUrl = `sqlite://${join(dir, 'portal.db')}`;
  const env = { DATABASE_URL: databaseUrl, CACHE_DIR: join(dir, 'cache'), MAIL_DIR: join(dir, 'mail') };
  let cookie: string;
  /** The whole CSV, as a download that nothing interrupts receives it. */
  let wholeCsv: string;
  const running: PortalProcess[] = [];

  beforeAll(async () => {
    // The first start imports every shipped dataset into the new file; later starts find it loaded.
    const first = await startPortalProcess({ ...env, SHUTDOWN_TIMEOUT_MS: '10000' });
    running.push(first);
    const { db, destroy } = openDb(databaseUrl);
    cookie = await loginAs(db, 'downloader@example.org');
    await destroy();
    wholeCsv = await (await fetch(`${first.url}${API.datasetObservationsCsv(DATASET)}`, { headers: { cookie } })).text();
  }, 180_000);
  afterAll(() => {
    for (const portal of running) portal.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses new connections, lets a download in flight finish whole, then exits 0', async () => {
    const portal = running[0];
    const download = await startSlowDownload(portal, cookie);
    expect(download.response.statusCode).toBe(200);
    portal.child.kill('SIGTERM');
    await eventually(() => refused(portal.port), 'new connections refused');
    // Held past the refusal: the portal is stopping while the answer is still being sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const csv = await download.body();
    expect(csv.length).toBe(wholeCsv.length);
    expect(csv === wholeCsv).toBe(true);
    // Sooner than the keep-alive timeout (5 s): the download's connection is closed once it is sent.
    expect(await exitWithin(portal, 3_000)).toBe(0);
    expect(portal.output()).toMatch(/"msg":"stopped"/);
  }, 60_000);

  it('cuts what still runs after SHUTDOWN_TIMEOUT_MS and exits 1', async () => {
    const portal = await startPortalProcess({ ...env, SHUTDOWN_TIMEOUT_MS: '1000' });
    running.push(portal);
    const download = await startSlowDownload(portal, cookie);
    const started = Date.now();
    portal.child.kill('SIGTERM');
    expect(await exitWithin(portal, 5_000)).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    await expect(download.body()).rejects.toThrow();
  }, 120_000);
});
