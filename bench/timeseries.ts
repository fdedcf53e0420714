// Benchmarks of the timeseries calls against running servers (not part of npm test).
// Builds its own database of SYNTHETIC observations under var/bench/ (never the portal's data), then
// prints the preview's latency next to the SQL that preview runs, executed straight on SQLite, and
// the time and server memory of a 1,000,000-row CSV export.
//
//   npm run bench:timeseries                                  this checkout's server
//   npm run bench:timeseries -- --against before=../other     and another checkout's (a git worktree
//                                                             with its own node_modules), in the same run
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type SQLiteDatabase from 'better-sqlite3';
import { API } from '@portal/contract/paths';
import { PREVIEW_ROW_LIMIT } from '@portal/contract/timeseries';
import { SQLite } from '@portal/db/sqlite';
import { ROOT_DIR } from '../apps/server/src/config.ts';
import { SESSION_COOKIE } from '../apps/server/src/plugins/session.ts';
import { cpuMs, freePort, sleep, waitForRest } from './lib/measure.ts';
import { buildDatabase, DIR, FILE, LOCATIONS } from './lib/synthetic-timeseries.ts';

const PREVIEW = {
  variables: ['Bench daily A', 'Bench daily B'],
  locations: ['Place 1', 'Place 2', 'Place 3'],
  start: '1970-01-01',
  end: '1972-09-26',
};
/** What Chromium sends: the server picks brotli, as it does for every visitor's browser. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/**
 * The figure is the median of this many runs. Each run times every item in short alternating blocks,
 * 300 times in all, so that a burst of load elsewhere on the machine falls on all of them alike.
 */
const RUNS = 5;
const BLOCKS_PER_RUN = 30;
const BLOCK = 10;
/** After 500 rounds the optimising compiler was still at work on 2 cores (p50 varied by 0.3 ms between runs). */
const WARM_UP = 2000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const p50 = (times: number[]) =>
  percentile(
    [...times].sort((a, b) => a - b),
    50,
  );
const median = (values: number[]) => p50(values);
const ms = (value: number) => `${value.toFixed(2)} ms`;
/** The median of the runs' figures and their spread, e.g. '1.52 ms (1.47-1.60)'. */
const spread = (values: number[], format = (v: number) => v.toFixed(2)) =>
  `${format(median(values))} (${format(Math.min(...values))}-${format(Math.max(...values))})`;

const rssMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;

// A plain keep-alive HTTP client, as load tools use, so the figure is the server's and not fetch's.
const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });

/** One preview; resolves with its latency in ms and the body as sent. */
function preview(port: number, encoding = BROWSER_ENCODINGS): Promise<{ time: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: API.preview,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve({ time: performance.now() - t, body: Buffer.concat(chunks) })
            : reject(new Error(`preview answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(PREVIEW));
  });
}

/** A checkout whose server is timed: this one, or another named with --against. */
interface Tree {
  label: string;
  dir: string;
}

interface Server {
  process: ChildProcess;
  port: number;
}

/** Every server started, stopped at the end whatever happens. */
const children = new Set<ChildProcess>();

/** Starts a tree's server on the benchmark database and waits until it has finished starting (its CPU at rest). */
async function startServer(
  tree: Tree,
  options: { imports?: string[]; env?: Record<string, string> } = {},
): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...(options.imports ?? []).flatMap((i) => ['--import', i]), 'apps/server/src/server.ts'],
    {
      cwd: tree.dir,
      env: {
        ...process.env,
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite://${FILE}`,
        LOG_LEVEL: 'warn',
        CACHE_DIR: join(DIR, 'cache', tree.label),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  children.add(child);
  for (let i = 0; ; i++) {
    if (i === 150) throw new Error(`the server of ${tree.dir} did not start`);
    const up = await fetch(`http://127.0.0.1:${port}${API.health}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await sleep(200);
  }
  // Drawing the layer images in the background, once listening, must not overlap the timing.
  await waitForRest(child, 60);
  return { process: child, port };
}

interface Statement {
  sql: string;
  args: unknown[];
  reader: boolean;
}

/** The SQL statements a tree's server runs for one preview, recorded by bench/record-sql.ts in a server of its own. */
async function statementsOfPreview(tree: Tree): Promise<Statement[]> {
  const log = join(DIR, `statements-${tree.label}.jsonl`);
  const server = await startServer(tree, {
    imports: [join(ROOT_DIR, 'bench/record-sql.ts')],
    env: { BENCH_SQL_LOG: log },
  });
  try {
    const before = existsSync(log) ? readFileSync(log).length : 0;
    await preview(server.port);
    const lines = readFileSync(log).subarray(before).toString().trim().split('\n');
    const statements = lines.map((line) => JSON.parse(line) as Statement);
    if (statements.some((s) => !s.reader)) throw new Error(`a preview of ${tree.dir} wrote to the database`);
    return statements;
  } finally {
    server.process.kill('SIGTERM');
    children.delete(server.process);
  }
}

/** The statements prepared once and run one after the other straight on SQLite, as the bare SQL. */
function bareSql(sqlite: SQLiteDatabase.Database, statements: Statement[]): () => void {
  const prepared = statements.map(({ sql, args }) => ({ statement: sqlite.prepare(sql), args }));
  return () => prepared.forEach(({ statement, args }) => statement.all(...args));
}

function parseTrees(argv: string[]): Tree[] {
  const trees: Tree[] = [{ label: 'this', dir: ROOT_DIR }];
  for (let i = 0; i < argv.length; i++) {
    const [label, dir] = argv[i] === '--against' ? (argv[++i] ?? '').split('=') : [];
    if (!label || !dir) throw new Error('usage: bench/timeseries.ts [--against LABEL=DIR]...');
    trees.push({ label, dir: resolve(dir) });
  }
  return trees;
}

/** What is timed: the preview through each tree's server, and each distinct set of statements on SQLite. */
interface Item {
  name: string;
  measure: () => Promise<number>;
  /** CPU time used so far, in ms, by the process that does the work. */
  cpu: () => number;
  /** p50 of each run. */
  p50s: number[];
  /** Mean CPU time per request of each run: unlike latency, it hardly grows when other work competes for the cores. */
  cpuPerRequest: number[];
}

async function timePreviews(trees: Tree[]): Promise<Server> {
  const sqlite = new SQLite(FILE, { readonly: true });
  const statements = new Map<string, { sql: () => void; trees: string[] }>();
  const sqlOf = new Map<string, string>();
  for (const tree of trees) {
    const recorded = await statementsOfPreview(tree);
    const key = JSON.stringify(recorded);
    if (!statements.has(key)) statements.set(key, { sql: bareSql(sqlite, recorded), trees: [] });
    statements.get(key)!.trees.push(tree.label);
    sqlOf.set(tree.label, key);
    console.log(`  ${tree.label} (${tree.dir}): ${recorded.length} statement(s) per preview`);
  }
  const servers = new Map<string, Server>();
  for (const tree of trees) servers.set(tree.label, await startServer(tree));

  // Every tree must answer the same; its identity bytes are compared as parsed JSON.
  const answers = await Promise.all(
    trees.map(async (tree) =>
      JSON.stringify(JSON.parse((await preview(servers.get(tree.label)!.port, 'identity')).body.toString())),
    ),
  );
  if (answers.some((answer) => answer !== answers[0])) throw new Error(`the trees answer the preview differently`);
  const matching = (JSON.parse(answers[0]) as { total: number }).total;

  const ownCpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const timed = (work: () => void) => async () => {
    const t = performance.now();
    work();
    return performance.now() - t;
  };
  const sqlItems = new Map(
    [...statements].map(([key, { sql, trees }]) => [
      key,
      { name: `SQL of ${trees.join(', ')}`, measure: timed(sql), cpu: ownCpu, p50s: [], cpuPerRequest: [] },
    ]),
  );
  const items: Item[] = [...sqlItems.values()];
  const serverItems = new Map<string, Item>();
  for (const tree of trees) {
    const { port, process: child } = servers.get(tree.label)!;
    const browser = {
      name: `${tree.label} brotli`,
      measure: async () => (await preview(port)).time,
      cpu: () => cpuMs(child.pid!),
      p50s: [],
      cpuPerRequest: [],
    };
    serverItems.set(tree.label, browser);
    items.push(browser);
  }
  // What compression costs: this tree's server, uncompressed.
  const own = servers.get('this')!;
  const uncompressed: Item = {
    name: 'this uncompressed',
    measure: async () => (await preview(own.port, 'identity')).time,
    cpu: () => cpuMs(own.process.pid!),
    p50s: [],
    cpuPerRequest: [],
  };
  items.push(uncompressed);

  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const loadBefore = load();
  // Warm up: the servers' code is compiled by the JIT and the caches are filled before timing.
  for (let i = 0; i < WARM_UP; i++) for (const item of items) await item.measure();
  // Alternating blocks, so the statements and every server are timed under the same conditions of
  // the machine, each in steady use as under real traffic (not woken from idle for every request).
  for (let run = 0; run < RUNS; run++) {
    const times = items.map(() => [] as number[]);
    const cpu = items.map(() => 0);
    for (let block = 0; block < BLOCKS_PER_RUN; block++) {
      for (let k = 0; k < items.length; k++) {
        const index = (block + k) % items.length;
        const cpuBefore = items[index].cpu();
        for (let i = 0; i < BLOCK; i++) times[index].push(await items[index].measure());
        cpu[index] += items[index].cpu() - cpuBefore;
      }
    }
    items.forEach((item, i) => {
      item.p50s.push(p50(times[i]));
      item.cpuPerRequest.push(cpu[i] / times[i].length);
    });
  }
  sqlite.close();

  const ratios = (label: string, figure: 'p50s' | 'cpuPerRequest' = 'p50s') => {
    const sql = sqlItems.get(sqlOf.get(label)!)![figure];
    return serverItems.get(label)![figure].map((server, run) => server / sql[run]);
  };
  console.log(
    `\nPreview of ${matching.toLocaleString('en')} matching rows (first ${PREVIEW_ROW_LIMIT} returned with the count)`,
  );
  console.log(
    `Load average of the machine (1 min): ${loadBefore} before, ${load()} after; the bench has ${os.availableParallelism()} cores.`,
  );
  console.log(
    `p50 in ms, median of ${RUNS} runs (lowest-highest run); the statements prepared once and run straight on SQLite:`,
  );
  for (const item of sqlItems.values()) console.log(`  ${item.name}: ${spread(item.p50s)}`);
  for (const tree of trees)
    console.log(
      `  server ${tree.label}, one at a time, as a browser asks (brotli): ${spread(serverItems.get(tree.label)!.p50s)}`,
    );
  console.log(`  server this, uncompressed: ${spread(uncompressed.p50s)}`);
  for (const tree of trees) {
    const values = ratios(tree.label);
    console.log(
      `  ratio server p50 / SQL p50, brotli, ${tree.label}: ${spread(values)}; runs ${values.map((v) => v.toFixed(2)).join(' ')}`,
    );
  }
  const ownP50s = serverItems.get('this')!.p50s;
  for (const tree of trees.slice(1)) {
    const differences = serverItems.get(tree.label)!.p50s.map((p, run) => p - ownP50s[run]);
    console.log(`  server p50 ${tree.label} minus this, same run: ${spread(differences)} ms`);
  }
  console.log(
    `CPU time per preview in ms, mean of each run, median of ${RUNS} runs (lowest-highest); less sensitive to load than latency:`,
  );
  for (const item of items) console.log(`  ${item.name}: ${spread(item.cpuPerRequest)}`);
  for (const tree of trees)
    console.log(`  ratio server CPU / SQL CPU, brotli, ${tree.label}: ${spread(ratios(tree.label, 'cpuPerRequest'))}`);
  return servers.get('this')!;
}

async function main() {
  const trees = parseTrees(process.argv.slice(2));
  console.log('Building the benchmark database (synthetic data, 1,006,000 observations)...');
  const token = await buildDatabase();
  try {
    const server = await timePreviews(trees);
    const { port } = server;
    // The 50 connections are opened before timing, so the figures are of requests, not of connecting.
    await Promise.all(Array.from({ length: 50 }, () => preview(port)));
    const concurrent: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        for (let i = 0; i < 40; i++) concurrent.push((await preview(port)).time);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    concurrent.sort((a, b) => a - b);
    console.log(
      `  server this, 50 concurrent connections: p50 ${ms(percentile(concurrent, 50))}, p99 ${ms(percentile(concurrent, 99))}, ${(concurrent.length / seconds).toFixed(0)} requests/s`,
    );

    const pid = server.process.pid!;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const query = `start=1970-01-01&end=2030-01-01&variable=Bench%20daily%20A&${Array.from({ length: LOCATIONS }, (_, l) => `location=Place%20${l + 1}`).join('&')}`;
    const t = performance.now();
    const response = await fetch(
      `http://127.0.0.1:${port}${API.observationsCsv('climate', 'weather-observations')}?${query}`,
      {
        headers: { cookie: `${SESSION_COOKIE}=${token}`, 'accept-encoding': 'identity' },
      },
    );
    let lines = 0;
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const exportSeconds = (performance.now() - t) / 1000;
    clearInterval(sampler);
    console.log(`\nCSV export through ${API.observationsCsv('climate', 'weather-observations')}`);
    console.log(
      `  rows: ${(lines - 1).toLocaleString('en')}, ${(bytes / 1e6).toFixed(1)} MB, status ${response.status}`,
    );
    console.log(`  time: ${exportSeconds.toFixed(2)} s (target < 10 s)`);
    console.log(
      `  server memory: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, growth ${(peak - before).toFixed(0)} MB (target < 100 MB)`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    agent.destroy();
  }
}

await main();
