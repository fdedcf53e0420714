// Load benchmark (not part of npm test): requests a second and p99 latency at 50 connections for
// the landing page, a typical preview, the spec's map call and the search, each next to a bare
// Fastify route served the same way; then the event loop's delay and /api/health's latency at rest
// and while 50 connections send the largest preview the cost limit allows (ADR 0022); then the fair
// share: five clients each sending, in turn, the heaviest request of every kind a client may make,
// beside /api/health and a sixth client's typical preview, and the deepest page of the largest
// dataset next to its first (ADR 0033). Loopback only, bounded in time; the portal runs in its own
// process on the shipped data, loaded into a fresh SQLite file under var/bench/, with the rate
// limits raised (all traffic comes from 127.0.0.1) and metrics on. Each section prints the
// machine's load average, since other work on the machine shows in every figure.
//
//   npm run bench:load                      this one (builds the web app first when its sources changed)
//   npx tsx bench/load.ts fair-share        only the fair share (needs no web build)
//   npm run bench                           every benchmark
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { API } from '@portal/contract/paths';
import { SEARCH_WORDS_MAX } from '@portal/contract/search';
import { ROOT_DIR } from '../apps/server/src/config.ts';
import { DEFAULT_QUERY_MAX_CELLS, estimateCells, resolveQuery } from '../apps/server/src/services/timeseries-query.ts';
import { fairShare, type FairShareSetup, prepareFairShare } from './lib/fair-share.ts';
import { shippedDataDb } from './lib/in-process.ts';
import { LARGEST_SOURCE, largestAllowedQuery } from './lib/largest-query.ts';
import { freePort, sleep, waitForRest } from './lib/measure.ts';

const DIR = join(ROOT_DIR, 'var/bench');
const FILE = join(DIR, 'load.db');
interface Query {
  start: string;
  end: string;
  variables: string[];
  locations: string[];
  source?: string;
}

const CONNECTIONS = 50;
const SECONDS_PER_TARGET = 5;
const SECONDS_OF_LOAD = 10;
/** A preview as people make them: three variables at three counties over ten years. */
const TYPICAL: Query = {
  start: '2010-01-01',
  end: '2019-12-31',
  variables: ['Rainfall, 1-month rolling', 'Rainfall, 3-month rolling', 'Rainfall, 1-month rolling, anomaly'],
  locations: ['Nairobi', 'Kisumu', 'Turkana'],
  source: 'climate/weather-observations',
};
const WMS_STORE = 'Power Stations';
const SEARCH = 'rainfall nairobi';

/** The shipped catalogue and data in a fresh file, and the queries the event-loop measurement sends. */
async function buildDatabase(): Promise<{ largest: Query; everything: Query; fair: FairShareSetup }> {
  const { db, destroy } = await shippedDataDb('load');
  const dates = { start: '1900-01-01', end: new Date().toISOString().slice(0, 10) };
  // The largest query the timeseries page builds that the limit allows, into the models' years past today.
  const largest = await largestAllowedQuery(db);
  // What a script may send: 500 variables and 500 locations (the most the schema takes) of any source.
  const names = async (table: 'variables' | 'locations') =>
    (await db.selectFrom(table).select('name').orderBy('id').limit(500).execute()).map((r) => r.name);
  const everything: Query = { ...dates, variables: await names('variables'), locations: await names('locations') };
  for (const [label, query] of Object.entries({ typical: TYPICAL, largest, everything })) {
    const { cells } = estimateCells((await resolveQuery(db, query))!);
    console.log(
      `  ${label}: ${query.variables.length} variables × ${query.locations.length} locations, ${query.start} to ${query.end}, ${cells.toLocaleString('en')} cells`,
    );
  }
  const fair = await prepareFairShare(db, SEARCH_WORDS_MAX);
  await destroy();
  return { largest, everything, fair };
}

const children = new Set<ChildProcess>();

/** Starts the portal on the benchmark database and waits until it has finished starting (CPU at rest). */
async function startPortal(env: Record<string, string> = {}): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './bench/lib/loop-delay.ts', 'apps/server/src/server.ts'],
    {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite://${FILE}`,
        LOG_LEVEL: 'warn',
        CACHE_DIR: join(DIR, 'cache'),
        RATE_LIMIT_PER_MINUTE: '1000000',
        METRICS_TOKEN: 'bench-metrics-token-0123',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  children.add(child);
  // Stopped by this script only after it is taken out of `children`; any other end is reported.
  child.once('exit', (code, signal) => {
    if (children.has(child)) console.error(`the portal stopped on its own: exit code ${code}, signal ${signal}`);
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}${API.health}`);
  // Drawing the layer images in the background, once listening, must not overlap the timing.
  await waitForRest(child, 120);
  return { child, base };
}

async function stop(child: ChildProcess): Promise<void> {
  children.delete(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function startBare(): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/bare-server.ts', String(port)], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
  });
  children.add(child);
  await waitUntilUp(`http://127.0.0.1:${port}/bare`);
  return `http://127.0.0.1:${port}/bare`;
}

async function waitUntilUp(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

interface Target {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
}

const postJson = (body: unknown) => ({ method: 'POST' as const, body: JSON.stringify(body) });

/** 50 connections for `seconds`, as many requests as they can; every answer must be a 2xx, failures to answer are counted. */
async function hammer(target: Target, seconds: number) {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    body: target.body,
    headers: target.body ? { 'content-type': 'application/json' } : {},
    connections: CONNECTIONS,
    duration: seconds,
    // A request the server has not answered in this time counts as an error (a timeout).
    timeout: 30,
  });
  if (result.non2xx) throw new Error(`${target.label}: ${result.non2xx} answers other than 2xx`);
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function throughput(base: string, bare: string): Promise<void> {
  const targets: Target[] = [
    { label: 'landing page GET /', url: `${base}/` },
    {
      label: `preview POST ${API.preview} (3 variables × 3 locations × 10 years)`,
      url: `${base}${API.preview}`,
      ...postJson(TYPICAL),
    },
    { label: `map GET ${API.wms}?store=${WMS_STORE}`, url: `${base}${API.wms}?store=${encodeURIComponent(WMS_STORE)}` },
    { label: `search GET ${API.search}?q=${SEARCH}`, url: `${base}${API.search}?q=${encodeURIComponent(SEARCH)}` },
  ];
  console.log(
    `\nThroughput, ${CONNECTIONS} connections, ${SECONDS_PER_TARGET} s each, next to a bare Fastify route measured just before:`,
  );
  for (const target of targets) {
    const yardstick = await hammer({ label: 'bare', url: bare }, SECONDS_PER_TARGET);
    const portal = await hammer(target, SECONDS_PER_TARGET);
    if (portal.errors) throw new Error(`${target.label}: ${portal.errors} requests failed`);
    console.log(
      `  ${target.label}: ${portal.perSecond.toFixed(0)} requests/s, p99 ${portal.p99} ms; bare ${yardstick.perSecond.toFixed(0)} requests/s, p99 ${yardstick.p99} ms; ` +
        `ratio ${(portal.perSecond / yardstick.perSecond).toFixed(3)} of bare`,
    );
  }
}

// A kept-alive connection of its own, so each probe times the answer, not a new connection.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function healthOnce(port: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get({ agent, host: '127.0.0.1', port, path: API.health }, (response) =>
      response.resume().on('end', resolve),
    );
    request.on('error', (error) => reject(Object.assign(error, { reused: request.reusedSocket })));
  });
}

/** /api/health's latency, one request after another every 20 ms, until `until`. */
async function probeHealth(base: string, until: number): Promise<number[]> {
  const times: number[] = [];
  const { port } = new URL(base);
  while (performance.now() < until) {
    const started = performance.now();
    await healthOnce(port).catch((error: NodeJS.ErrnoException & { reused?: boolean }) => {
      // The server may close a kept-alive connection just as it is reused (Node's documented race): once more, on a new one.
      if (error.code === 'ECONNRESET' && error.reused) return healthOnce(port);
      throw error;
    });
    times.push(performance.now() - started);
    await sleep(20);
  }
  return times.sort((a, b) => a - b);
}

interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** The server's event-loop delay since it was last asked (bench/lib/loop-delay.ts). */
function loopDelay(child: ChildProcess): Promise<LoopDelay> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message as LoopDelay));
    child.send('loop-delay');
  });
}

/** Event-loop delay and /api/health latency for `seconds`, while `load` runs (when given). */
async function underLoad(child: ChildProcess, base: string, label: string, load?: Target): Promise<void> {
  await loopDelay(child);
  const until = performance.now() + SECONDS_OF_LOAD * 1000;
  const [health, hammered] = await Promise.all([
    probeHealth(base, until),
    load ? hammer(load, SECONDS_OF_LOAD) : undefined,
  ]);
  const delay = await loopDelay(child);
  const at = (p: number) => health[Math.min(health.length - 1, Math.floor((p / 100) * health.length))].toFixed(2);
  const ms = (value: number) => value.toFixed(2);
  console.log(
    `  ${label}: event-loop delay p50 ${ms(delay.p50)} ms, p99 ${ms(delay.p99)} ms, max ${ms(delay.max)} ms; ` +
      `/api/health p50 ${at(50)} ms, p99 ${at(99)} ms over ${health.length} calls` +
      (hammered
        ? `; the load: ${hammered.perSecond.toFixed(0)} requests/s, p99 ${hammered.p99} ms, ${hammered.errors} errors (${hammered.timeouts} timeouts)`
        : ''),
  );
}

async function main(onlyFairShare: boolean): Promise<void> {
  if (!onlyFairShare && !existsSync(join(ROOT_DIR, 'apps/web/build/server/index.js')))
    throw new Error('no web build: run npm run build (npm run bench:load builds it)');
  console.log('Loading the shipped data into var/bench/load.db...');
  const { largest, everything, fair } = await buildDatabase();
  try {
    const portal = await startPortal();
    await fairShare(
      portal.base,
      fair,
      (until) => probeHealth(portal.base, until),
      () => loopDelay(portal.child),
    );
    if (onlyFairShare) return;
    const bare = await startBare();
    await throughput(portal.base, bare);

    console.log(
      `\nEvent-loop delay (sampled every 1 ms, so 1 ms is the floor) and /api/health latency, ${SECONDS_OF_LOAD} s each:`,
    );
    await underLoad(portal.child, portal.base, 'at rest');
    const preview = (query: Query) => ({ url: `${portal.base}${API.preview}`, ...postJson(query) });
    await underLoad(
      portal.child,
      portal.base,
      `${CONNECTIONS} connections sending the page's largest allowed preview (${LARGEST_SOURCE}, everything to ${largest.end})`,
      {
        label: 'largest',
        ...preview(largest),
      },
    );
    await underLoad(
      portal.child,
      portal.base,
      `${CONNECTIONS} connections sending 500 × 500 × all dates, refused by the limit`,
      {
        label: 'everything',
        ...preview(everything),
      },
    );
    // The first portal may still be answering the queued requests: stopped, so the second starts on a quiet machine.
    await stop(portal.child);
    const uncapped = await startPortal({ QUERY_MAX_CELLS: '100000000' });
    await underLoad(
      uncapped.child,
      uncapped.base,
      `the same without the limit (QUERY_MAX_CELLS=100000000, not ${DEFAULT_QUERY_MAX_CELLS})`,
      {
        label: 'everything, no limit',
        url: `${uncapped.base}${API.preview}`,
        ...postJson(everything),
      },
    );
  } finally {
    const running = [...children];
    children.clear();
    for (const child of running) child.kill('SIGTERM');
    agent.destroy();
  }
}

await main(process.argv.includes('fair-share'));
