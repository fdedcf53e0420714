import { Agent, request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '@portal/contract/paths';
import { openDb } from '@portal/db/dialect';
import { sqliteTemplateFile } from '@portal/db/testing';
import { exitWithin, holdAnswer, type PortalProcess, startPortalProcess } from '@portal/testing/portal-process';
import { loginAs } from './login-as.ts';

/** The largest shipped dataset: its CSV (about 9 MB) outlasts the socket buffers, so it is truly in flight. */
const DATASET = 'osemosys-kenya-psm-v2';

/**
 * Keeps a connection open after its answer for as long as the server does: Node's default agent
 * would close it after 5 s itself, and so end the drain whether or not the portal closes it.
 */
const agent = new Agent({ keepAlive: true });

/** A streamed CSV export, held after its first chunk like a slow client. */
async function startSlowDownload(
  portal: PortalProcess,
  cookie: string,
): Promise<{ response: IncomingMessage; body: () => Promise<string> }> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request(`${portal.url}${API.datasetObservationsCsv(DATASET)}`, { headers: { cookie }, agent }, resolve)
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

/** Far longer than anything here takes, unless the portal hangs. */
const HANG_MS = 60_000;
/** The first portal's shutdown timeout: a ceiling for a download sent while it drains. */
const SHUTDOWN_MS = 120_000;

describe('stopping the portal process with SIGTERM', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-drain-'));
  const databaseUrl = `sqlite://${join(dir, 'portal.db')}`;
  const env = { DATABASE_URL: databaseUrl, CACHE_DIR: join(dir, 'cache'), MAIL_DIR: join(dir, 'mail') };
  let cookie: string;
  /** The whole CSV, as a download that nothing interrupts receives it. */
  let wholeCsv: string;
  const running: PortalProcess[] = [];

  beforeAll(async () => {
    // A copy of the run's data template: each start finds every shipped dataset loaded.
    copyFileSync(sqliteTemplateFile('data'), join(dir, 'portal.db'));
    // A connection left open after its answer would outlast the shutdown timeout (exit 1), so exit
    // 0 shows the portal closed it once the download was sent, without a clock in the test.
    const first = await startPortalProcess({
      ...env,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS),
      KEEP_ALIVE_TIMEOUT_MS: '600000',
    });
    running.push(first);
    const { db, destroy } = openDb(databaseUrl);
    cookie = await loginAs(db, 'downloader@example.org');
    await destroy();
    wholeCsv = await (
      await fetch(`${first.url}${API.datasetObservationsCsv(DATASET)}`, { headers: { cookie } })
    ).text();
  }, 360_000);
  afterAll(() => {
    agent.destroy();
    for (const portal of running) portal.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses new connections, lets a download in flight finish whole, then exits 0', async () => {
    const portal = running[0];
    const download = await startSlowDownload(portal, cookie);
    expect(download.response.statusCode).toBe(200);
    portal.child.kill('SIGTERM');
    await vi.waitFor(async () => expect(await refused(portal.port), 'new connections refused').toBe(true), {
      timeout: HANG_MS,
      interval: 100,
    });
    // Held on purpose a while past the refusal, so the portal goes on stopping while the answer waits to be sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const csv = await download.body();
    expect(csv.length).toBe(wholeCsv.length);
    expect(csv === wholeCsv).toBe(true);
    // 0, not 1: the download's kept-alive connection was closed once sent, not left to the keep-alive timeout.
    expect(await exitWithin(portal, SHUTDOWN_MS + HANG_MS)).toBe(0);
    expect(portal.output()).toMatch(/"msg":"stopped"/);
  }, 360_000);

  it('cuts what still runs after SHUTDOWN_TIMEOUT_MS and exits 1', async () => {
    const portal = await startPortalProcess({ ...env, SHUTDOWN_TIMEOUT_MS: '1000' });
    running.push(portal);
    const download = await startSlowDownload(portal, cookie);
    const started = Date.now();
    portal.child.kill('SIGTERM');
    expect(await exitWithin(portal, HANG_MS)).toBe(1);
    expect(portal.output()).toContain('requests still running after 1000 ms (SHUTDOWN_TIMEOUT_MS): cut');
    // A lower bound only: the portal heard the signal after `started`, and waited the timeout from then.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    await expect(download.body()).rejects.toThrow();
  }, 360_000);
});
