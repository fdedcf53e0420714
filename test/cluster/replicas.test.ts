// Two replicas of the portal behind nginx, sharing one PostgreSQL database, one Redis and one
// layer-image cache, as docs/operations.md deploys them. Run by `npm run test:cluster`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { createScratchDatabase, postgresReachable } from '@portal/db/testing';
import {
  exitWithin,
  holdAnswer,
  type PortalProcess,
  startPortalProcess,
  waitUntilOk,
} from '@portal/testing/portal-process';
import { NGINX, nginxFound, startNginx } from '@portal/testing/nginx';
import { redisReachable, TEST_REDIS_URL } from '@portal/testing/redis';
import { AUTH_LIMITS } from '../../apps/server/src/plugins/auth-limits.ts';
import { SESSION_COOKIE } from '../../apps/server/src/plugins/session.ts';

/** The largest shipped dataset: its CSV (about 17 MB) is still streaming when a replica is stopped. */
const DATASET = 'osemosys-kenya-psm-v2';
/** The replicas' shutdown timeout. */
const SHUTDOWN_MS = 120_000;
/** Far longer than anything here takes, unless something hangs. */
const HANG_MS = 60_000;

if (!nginxFound()) console.warn(`SKIPPED: cluster test, no nginx at ${NGINX} (npm run test:cluster installs it)`);
const runnable = nginxFound() && (await postgresReachable()) && (await redisReachable());

/** A port free at the moment; the replicas need fixed ports, since nginx names them. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * One HTTP call from a chosen loopback address: through nginx the portal sees that address as the
 * client's (TRUST_PROXY=1), so each run counts against limits of its own in the shared Redis.
 */
function send(
  url: string,
  options: { method?: string; body?: unknown; cookie?: string; from: string },
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? (body ? 'POST' : 'GET'),
        localAddress: options.from,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const sessionCookie = (answer: Answer) =>
  answer.headers['set-cookie']?.find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0];

/** Waits for a line of a replica's log, e.g. that its layer images are drawn. */
async function logged(portal: PortalProcess, pattern: RegExp, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!pattern.test(portal.output())) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} in the log after ${ms} ms:\n${portal.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The layer images on disk, with when each was written. */
const cacheFiles = (dir: string) =>
  Object.fromEntries(
    readdirSync(join(dir, 'layers'))
      .sort()
      .map((name) => [name, statSync(join(dir, 'layers', name)).mtimeMs]),
  );

describe.skipIf(!runnable)('two replicas behind nginx', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-cluster-'));
  const cacheDir = join(dir, 'cache');
  let databaseUrl: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  // 127.0.0.0/8 is all loopback: this run's clients get addresses no earlier run used.
  const client = (n: number) => `127.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${n}`;
  const replicas: { port: number; process?: PortalProcess }[] = [];
  let nginx: ChildProcess | undefined;
  let proxyUrl: string;

  /** Signs up through `baseUrl`, marks the e-mail verified (as its link would) and logs in; returns the session cookie. */
  const newSession = async (baseUrl: string, from: string, loginUrl = baseUrl) => {
    const email = `cluster-${randomBytes(4).toString('hex')}@example.org`;
    const password = 'a cluster password';
    const signup = {
      username: 'Cluster',
      email,
      password,
      confirmPW: password,
      organization: 'Org',
      country: 'Kenya',
      useOfData: 'Testing the replicas',
    };
    expect((await send(`${baseUrl}${API.signup}`, { body: signup, from })).status).toBe(201);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query('update users set verified_at = $1 where email = $2', [Date.now(), email]);
    await db.end();
    const login = await send(`${loginUrl}${API.login}`, { body: { email, password }, from });
    expect(login.status).toBe(200);
    return { email, cookie: sessionCookie(login)! };
  };

  const startReplica = async (index: number) => {
    const replica = replicas[index];
    replica.process = await startPortalProcess({
      PORT: String(replica.port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      TRUST_PROXY: '1',
      CACHE_DIR: cacheDir,
      MAIL_DIR: join(dir, 'mail'),
      PUBLIC_URL: proxyUrl,
      // Loads of reads from one address: no answer may be a 429 here.
      RATE_LIMIT_PER_MINUTE: '1000000',
      // Far longer than a drain takes, even on a busy machine: exit 0 says the drain finished.
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS),
    });
    await waitUntilOk(`${replica.process.url}${API.ready}`);
    return replica.process;
  };

  beforeAll(async () => {
    ({ url: databaseUrl, drop: dropDatabase } = await createScratchDatabase());
    replicas.push({ port: await freePort() }, { port: await freePort() });
    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const upstreams = `  # max_fails=0: a stopped replica refuses connections and nginx tries the other one; without it
  # nginx would mark it down for fail_timeout, and with both marked in a rolling restart answer 502.
  upstream portal {
    server 127.0.0.1:${replicas[0].port} max_fails=0;
    server 127.0.0.1:${replicas[1].port} max_fails=0;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://portal;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_max_temp_file_size 0;
      # Which replica answered, for the test.
      add_header X-Upstream $upstream_addr always;
    }
  }`;
    // The first replica imports the data into the new database; the second finds it loaded.
    await startReplica(0);
    await logged(replicas[0].process!, /layer images ready/, 180_000);
    await startReplica(1);
    nginx = startNginx(dir, upstreams);
    await waitUntilOk(`${proxyUrl}${API.ready}`);
  }, 600_000);

  afterAll(async () => {
    const stopped: Promise<unknown>[] = replicas.flatMap((replica) =>
      replica.process ? [replica.process.exited] : [],
    );
    if (nginx) stopped.push(new Promise((resolve) => nginx!.once('exit', resolve)));
    nginx?.kill('SIGTERM');
    for (const replica of replicas) replica.process?.child.kill('SIGKILL');
    await Promise.all(stopped);
    await dropDatabase?.();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('does not draw the layer images again in a replica that starts on a shared cache', async () => {
    const before = cacheFiles(cacheDir);
    expect(Object.keys(before).length).toBeGreaterThan(0);
    await logged(replicas[1].process!, /layer images ready/, 60_000);
    expect(cacheFiles(cacheDir)).toEqual(before);
  });

  it('keeps a session started on one replica valid on the other (sessions are in the database)', async () => {
    const from = client(1);
    const [first, second] = replicas.map((replica) => replica.process!.url);
    const { email, cookie } = await newSession(first, from);
    const account = await send(`${second}${API.account}`, { cookie, from });
    expect(account.status).toBe(200);
    expect(JSON.parse(account.body)).toMatchObject({ email });
  });

  it('refuses password guessing through nginx at the same total, whichever replica answers', async () => {
    const email = `guessed-${randomBytes(4).toString('hex')}@example.org`;
    const from = client(2);
    const [{ max }] = AUTH_LIMITS.login.failed;
    const answeredBy = new Set<string>();
    for (let i = 0; i < max; i += 1) {
      const answer = await send(`${proxyUrl}${API.login}`, { body: { email, password: `guess number ${i}` }, from });
      expect(answer.status, `guess ${i + 1}`).toBe(401);
      answeredBy.add(String(answer.headers['x-upstream']));
    }
    expect(answeredBy.size).toBe(2);
    for (let i = 0; i < 2; i += 1)
      expect((await send(`${proxyUrl}${API.login}`, { body: { email, password: 'any password' }, from })).status).toBe(
        429,
      );
  });

  it('fails no request while both replicas restart one after the other under load, and a download in flight completes', async () => {
    const from = client(3);
    const { cookie } = await newSession(proxyUrl, from);
    const csvUrl = `${proxyUrl}${API.datasetObservationsCsv(DATASET)}`;
    const wholeCsv = (await send(csvUrl, { cookie, from })).body;

    // Steady reads through nginx for as long as the restarts take (stopped below, the duration is a ceiling).
    let load!: autocannon.Instance;
    const results = new Promise<autocannon.Result>((resolve, reject) => {
      load = autocannon(
        { url: `${proxyUrl}${API.datasets}`, connections: 4, duration: 300 },
        (error: Error | null, result) => (error ? reject(error) : resolve(result)),
      );
    });
    for (let index = 0; index < replicas.length; index += 1) {
      const replica = replicas[index];
      const download = await slowDownloadFrom(csvUrl, cookie, from, replica.port);
      replica.process!.child.kill('SIGTERM');
      // Held on purpose a while after the stop began, so the replica drains with the download still being sent.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const [csv, code] = await Promise.all([download.body(), exitWithin(replica.process!, SHUTDOWN_MS + HANG_MS)]);
      expect(code).toBe(0);
      expect(csv === wholeCsv, 'the download arrived whole').toBe(true);
      await startReplica(index);
    }
    load.stop();
    const result = await results;
    expect(result.requests.total).toBeGreaterThan(100);
    expect({ non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts }).toEqual({
      non2xx: 0,
      errors: 0,
      timeouts: 0,
    });
  }, 900_000);
});

/** Tries of slowDownloadFrom: each reaches the wanted replica at even odds, so all of them miss only at odds of 2^-100. */
const DOWNLOAD_TRIES = 100;

/**
 * Starts the CSV download through nginx until the replica on `port` serves it, and holds it after its
 * first chunk, like a slow client. nginx takes turns over every request, the load's included, so
 * which replica a download reaches is a coin toss: six tries, as there were, all missed one download
 * in 64. A missed one is dropped as soon as it starts.
 */
async function slowDownloadFrom(
  url: string,
  cookie: string,
  from: string,
  port: number,
): Promise<{ body: () => Promise<string> }> {
  const reached: string[] = [];
  for (let attempt = 0; attempt < DOWNLOAD_TRIES; attempt += 1) {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request(url, { headers: { cookie }, localAddress: from }, resolve).on('error', reject).end();
    });
    if (response.headers['x-upstream'] !== `127.0.0.1:${port}`) {
      reached.push(String(response.headers['x-upstream']));
      response.destroy();
      continue;
    }
    return holdAnswer(response);
  }
  throw new Error(
    `nginx did not send the download to the replica on port ${port} in ${DOWNLOAD_TRIES} attempts: ${reached.join('; ')}`,
  );
}
