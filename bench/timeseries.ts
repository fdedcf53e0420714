// Benchmarks of the timeseries calls against a running server (not part of npm test).
// Builds its own database of SYNTHETIC observations under var/bench/ (never the portal's data), then
// prints preview latency and throughput next to the same query run straight on the database, and
// the time and server memory of a 1,000,000-row CSV export.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { API } from '@portal/contract/paths';
import { PREVIEW_ROW_LIMIT } from '@portal/contract/timeseries';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import type { Database } from '@portal/db/database';
import { openDb } from '@portal/db/dialect';
import { migrateToLatest } from '@portal/db/migrate';
import { previewByNames } from '@portal/db/queries/timeseries.queries';
import { loadCatalog } from '@portal/importer';
import { ROOT_DIR } from '../apps/server/src/config.ts';
import { hashToken, SESSION_COOKIE } from '../apps/server/src/plugins/session.ts';

const DIR = join(ROOT_DIR, 'var/bench');
const FILE = join(DIR, 'timeseries.db');
const DAYS = 20_000; // 1970-01-01 onwards
const LOCATIONS = 50;
const PREVIEW = { variables: ['Bench daily A', 'Bench daily B'], locations: ['Place 1', 'Place 2', 'Place 3'], start: '1970-01-01', end: '1972-09-26' };

async function buildDatabase(): Promise<string> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const { db, destroy } = openDb(`sqlite://${FILE}`);
  await migrateToLatest(db);
  await loadCatalog(db);
  await destroy();
  const sqlite = new SQLite(FILE);
  sqlite
    .prepare(
      `insert into datasets values ('bench', 'Synthetic benchmark data', 'none', 'none', 'not real data', 'https://example.org', 'none', '2026-01-01', 'x', 0, 0, 0, null)`,
    )
    .run();
  const variable = sqlite.prepare(`insert into variables (id, dataset_id, name, unit, period) values (?, 'bench', ?, 'mm', 'day')`);
  const listed = sqlite.prepare(`insert into variable_sources values (?, 'climate/weather-observations')`);
  ['Bench daily A', 'Bench daily B'].forEach((name, i) => {
    variable.run(i + 1, name);
    listed.run(i + 1);
  });
  const location = sqlite.prepare(`insert into locations values (?, ?, 'place', null)`);
  for (let l = 1; l <= LOCATIONS; l++) location.run(l, `Place ${l}`);
  const insert = sqlite.prepare('insert into observations values (?, ?, ?, ?)');
  const day = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
  sqlite.transaction(() => {
    for (let l = 1; l <= LOCATIONS; l++) for (let d = 0; d < DAYS; d++) insert.run(1, l, day(d), (l * 7 + d) % 100);
    for (let l = 1; l <= 3; l++) for (let d = 0; d < 1000; d++) insert.run(2, l, day(d), d % 50);
  })();
  const token = randomBytes(24).toString('hex');
  sqlite.prepare(`insert into users values ('bench', 'bench@example.org', 'Bench', 'x', 'x', 'Kenya', 'benchmarking', 0, 0)`).run();
  sqlite.prepare('insert into sessions values (?, ?, 0, ?)').run(hashToken(token), 'bench', Date.now() + 3_600_000);
  sqlite.close();
  return token;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value: number) => `${value.toFixed(2)} ms`;

/** The preview's data-layer call (the count, the first page and the units in one statement), without the server. */
async function dataLayerQuery(db: Kysely<Database>): Promise<number> {
  return (await previewByNames(db, PREVIEW, PREVIEW_ROW_LIMIT)).total;
}

/** The SQL statement that call sends, captured once, prepared once and run straight on SQLite. */
async function preparedStatements(sqlite: SQLite.Database): Promise<() => void> {
  const sent: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => void (event.level === 'query' && sent.push(event.query)),
  });
  await dataLayerQuery(db);
  const statements = sent.map((query) => ({ statement: sqlite.prepare(query.sql), parameters: query.parameters }));
  return () => statements.forEach(({ statement, parameters }) => statement.all(parameters));
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** CPU time (user and system) a process has used, in ms; /proc counts it in ticks of 10 ms. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const rssMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;

async function main() {
  console.log('Building the benchmark database (synthetic data, 1,006,000 observations)...');
  const token = await buildDatabase();
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite://${FILE}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // A plain keep-alive HTTP client, as load tools use, so the figure is the server's and not fetch's.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const payload = JSON.stringify(PREVIEW);
    // What Chromium sends: the server picks brotli, as it does for every visitor's browser.
    const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
    const previewOnce = (encoding = BROWSER_ENCODINGS) =>
      new Promise<number>((resolve, reject) => {
        const t = performance.now();
        const request = http.request(
          { agent, host: '127.0.0.1', port, path: API.preview, method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': encoding } },
          (response) => {
            response.resume();
            response.on('end', () =>
              response.statusCode === 200 ? resolve(performance.now() - t) : reject(new Error(`preview answered ${response.statusCode}`)),
            );
          },
        );
        request.on('error', reject);
        request.end(payload);
      });
    const database = openDb(`sqlite://${FILE}`);
    const sqlite = new SQLite(FILE, { readonly: true });
    const runStatements = await preparedStatements(sqlite);
    let matching = 0;
    // Warm up: the server's code is compiled by the JIT and its caches are filled before timing. After
    // 500 rounds the optimising compiler was still at work on 2 cores (p50 varied by 0.3 ms between runs).
    for (let i = 0; i < 2000; i++) {
      await previewOnce();
      matching = await dataLayerQuery(database.db);
      runStatements();
    }
    // In alternating blocks, so the database and the server are timed under the same conditions of
    // the machine, each in steady use as under real traffic (not woken from idle for every request).
    const timed = async (work: () => unknown) => {
      const t = performance.now();
      await work();
      return performance.now() - t;
    };
    const figures = { statements: [] as number[], dataLayer: [] as number[], browser: [] as number[], gzip: [] as number[], identity: [] as number[] };
    const measurements: [number[], () => Promise<number>][] = [
      [figures.statements, () => timed(runStatements)],
      [figures.dataLayer, () => timed(() => dataLayerQuery(database.db))],
      [figures.browser, () => previewOnce()],
      [figures.gzip, () => previewOnce('gzip')],
      [figures.identity, () => previewOnce('identity')],
    ];
    // The server's CPU time during its browser blocks: whether its latency is work or waiting.
    let serverCpu = 0;
    for (let block = 0; block < 12; block++) {
      for (let k = 0; k < measurements.length; k++) {
        const [times, measure] = measurements[(block + k) % measurements.length];
        const cpuBefore = cpuMs(server.pid!);
        for (let i = 0; i < 50; i++) times.push(await measure());
        if (times === figures.browser) serverCpu += cpuMs(server.pid!) - cpuBefore;
      }
    }
    await database.destroy();
    sqlite.close();
    const p50 = Object.fromEntries(
      Object.entries(figures).map(([name, times]) => [
        name,
        percentile(
          times.sort((a, b) => a - b),
          50,
        ),
      ]),
    ) as Record<keyof typeof figures, number>;
    const p99 = (times: number[]) => percentile(times, 99);

    // The 50 connections are opened before timing, so the figures are of requests, not of connecting.
    await Promise.all(Array.from({ length: 50 }, () => previewOnce()));
    const concurrent: number[] = [];
    const started = performance.now();
    const perWorker = 40;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        for (let i = 0; i < perWorker; i++) concurrent.push(await previewOnce());
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    concurrent.sort((a, b) => a - b);

    const ratio = (server: number, raw: number) => (server / raw).toFixed(2);
    console.log(`\nPreview of ${matching.toLocaleString('en')} matching rows (first ${PREVIEW_ROW_LIMIT} returned with the count)`);
    console.log(`  the same SQL, prepared, straight on SQLite:  p50 ${ms(p50.statements)}, p99 ${ms(p99(figures.statements))}`);
    console.log(`  the same data-layer calls (Kysely), no server: p50 ${ms(p50.dataLayer)}, p99 ${ms(p99(figures.dataLayer))}`);
    console.log(`  server, one at a time, as a browser asks (brotli): p50 ${ms(p50.browser)}, p99 ${ms(p99(figures.browser))}`);
    console.log(`  server, one at a time, gzip:                       p50 ${ms(p50.gzip)}, p99 ${ms(p99(figures.gzip))}`);
    console.log(`  server, one at a time, uncompressed:               p50 ${ms(p50.identity)}, p99 ${ms(p99(figures.identity))}`);
    console.log(`  server CPU time per preview (brotli, mean): ${ms(serverCpu / figures.browser.length)}`);
    console.log(
      `  ratio server p50 / SQL p50 (target <= 1.5): ${ratio(p50.browser, p50.statements)} brotli, ${ratio(p50.gzip, p50.statements)} gzip, ${ratio(p50.identity, p50.statements)} uncompressed`,
    );
    console.log(
      `  ratio server p50 / data-layer p50:          ${ratio(p50.browser, p50.dataLayer)} brotli, ${ratio(p50.gzip, p50.dataLayer)} gzip, ${ratio(p50.identity, p50.dataLayer)} uncompressed`,
    );
    console.log(
      `  server, 50 concurrent connections: p50 ${ms(percentile(concurrent, 50))}, p99 ${ms(percentile(concurrent, 99))}, ${(concurrent.length / seconds).toFixed(0)} requests/s`,
    );
    console.log(`  throughput / SQL rate (1 / SQL p50): ${(concurrent.length / seconds / (1000 / p50.statements)).toFixed(2)}`);

    const before = rssMb(server.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 20);
    const query = `start=1970-01-01&end=2030-01-01&variable=Bench%20daily%20A&${Array.from({ length: LOCATIONS }, (_, l) => `location=Place%20${l + 1}`).join('&')}`;
    const t = performance.now();
    const response = await fetch(`${base}${API.observationsCsv('climate', 'weather-observations')}?${query}`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}`, 'accept-encoding': 'identity' },
    });
    let lines = 0;
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const exportSeconds = (performance.now() - t) / 1000;
    clearInterval(sampler);
    console.log(`\nCSV export through ${API.observationsCsv('climate', 'weather-observations')}`);
    console.log(`  rows: ${(lines - 1).toLocaleString('en')}, ${(bytes / 1e6).toFixed(1)} MB, status ${response.status}`);
    console.log(`  time: ${exportSeconds.toFixed(2)} s (target < 10 s)`);
    console.log(`  server memory: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, growth ${(peak - before).toFixed(0)} MB (target < 100 MB)`);
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
