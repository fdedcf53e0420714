// Lighthouse scores of the pages a visitor meets first (not part of npm test): starts the built
// portal, runs Lighthouse's default profile (a mid-range phone on slow 4G, simulated from an
// unthrottled load with an empty cache) three times per page, and prints the median performance
// score with that run's other scores and its LCP, TBT and CLS, then the audits that keep a
// category under its target; the median run's full report goes to var/bench/lighthouse/<page>.html.
// Lighthouse simulates the phone by multiplying the main-thread time it observed here by 4, so the
// scores move with this machine's speed: each run's benchmark index (Lighthouse's measure of the
// host CPU; it warns under 1000, about half the speed it expects) is printed beside its score.
// Each page is also measured as its own HTML: the page as the portal draws it, saved with its
// stylesheet and images but without its scripts, served from beside the portal (runs taken in turn
// with the page's own). Its score is the best this machine gives the page's content, so a shortfall
// reads as the scripts' cost (the two apart) or the machine's (both low).
// Targets: performance at least 95, accessibility 100, best practices
// at least 95. The base map comes from a tile server on this machine that answers every tile with
// one blank image, so the map page is measured without the network: unreachable tiles would count
// as console errors and slow loads.
//
//   npm run bench -- lighthouse         this one (builds the web app first)
//   npx tsx bench/lighthouse.ts map     only the pages named (after npm run build)
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request as proxyRequest } from 'node:http';
import { join } from 'node:path';
import lighthouse, { generateReport, type Result } from 'lighthouse';
import sharp from 'sharp';
import { ROOT_DIR } from '../apps/server/src/config.ts';
import { freePort, sleep } from './lib/measure.ts';
import { launchChromium, PAGES, startBuiltPortal } from './lib/portal.ts';

const RUNS = 3;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 };
const pages = Object.entries(PAGES).filter(([name]) => process.argv.length < 3 || process.argv.includes(name));
const CATEGORIES = [...Object.keys(TARGETS), 'seo'];
const REPORTS = join(ROOT_DIR, 'var/bench/lighthouse');
mkdirSync(REPORTS, { recursive: true });

const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#f2efe9' } })
  .png()
  .toBuffer();
const tiles = createServer((_request, response) => {
  // Cached as a static tile set on an operator's own server would be, so its headers do not count either.
  response.writeHead(200, {
    'content-type': 'image/png',
    'cache-control': 'public, max-age=31536000, immutable',
    'access-control-allow-origin': '*',
  });
  response.end(tile);
});
const tilePort = await freePort();
tiles.listen(tilePort, '127.0.0.1');

const { base, child } = await startBuiltPortal('lighthouse', {
  MAP_TILE_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
});
const debuggingPort = await freePort();
const browser = await launchChromium([`--remote-debugging-port=${debuggingPort}`]);

/** The page as drawn once its answers are in, without scripts, module preloads or answer preloads. */
async function scriptlessCopy(path: string): Promise<string> {
  const page = await browser.newPage({ serviceWorkers: 'block' });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const html = await page.content();
  await page.close();
  return html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, '');
}

// Serves the copies at the pages' own paths and passes every other request (stylesheet, images,
// icons) to the portal, so the copy loads what the page loads less its scripts.
const copies = new Map<string, string>();
const copyServer = createServer((request, response) => {
  const copy = copies.get(request.url ?? '');
  if (copy !== undefined) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(copy);
    return;
  }
  const upstream = new URL(base);
  const forwarded = proxyRequest(
    {
      host: upstream.hostname,
      port: upstream.port,
      path: request.url,
      method: request.method,
      headers: request.headers,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  request.pipe(forwarded);
});
const copyPort = await freePort();
copyServer.listen(copyPort, '127.0.0.1');
const copyBase = `http://127.0.0.1:${copyPort}`;

/** One Lighthouse run of a page; a run it could not complete (an unreadable trace, a load cut short on a busy machine) is run again after a pause, twice at most. */
async function audit(url: string): Promise<Result> {
  for (let attempt = 0; ; attempt++) {
    const result = await lighthouse(url, {
      port: debuggingPort,
      hostname: '127.0.0.1',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      maxWaitForLoad: 30_000,
    });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (!error) return result!.lhr;
    if (attempt >= 2) throw new Error(`${url}: ${error.code} ${error.message}`);
    await sleep(5000);
  }
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const ms = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

/**
 * The audits of a category that count and did not pass (weighted ones, and performance's savings),
 * by id. The back/forward cache is left out: the browsers Playwright launches have it turned off.
 */
const failing = (lhr: Result, category: string) =>
  lhr.categories[category].auditRefs
    .map((ref) => ({ weight: ref.weight, audit: lhr.audits[ref.id] }))
    .filter(
      ({ weight, audit }) =>
        (weight > 0 || audit.scoreDisplayMode === 'metricSavings') && audit.score !== null && audit.score < 0.9,
    )
    .filter(({ audit }) => audit.id !== 'bf-cache')
    .map(({ audit }) => audit.id);

const shortfalls: string[] = [];
try {
  console.log(
    'page        perf  a11y  bp   seo   LCP      TBT      CLS    HTML only  perf (benchmark index) of each run',
  );
  for (const [name, path] of pages) {
    copies.set(path, await scriptlessCopy(path));
    const runs: Result[] = [];
    const copyRuns: Result[] = [];
    for (let round = 0; round < RUNS; round++) {
      runs.push(await audit(`${base}${path}`));
      copyRuns.push(await audit(`${copyBase}${path}`));
    }
    const byPerformance = (a: Result, b: Result) => score(a, 'performance') - score(b, 'performance');
    runs.sort(byPerformance);
    copyRuns.sort(byPerformance);
    const median = runs[Math.floor(RUNS / 2)];
    const copyMedian = score(copyRuns[Math.floor(RUNS / 2)], 'performance');
    writeFileSync(join(REPORTS, `${name}.html`), generateReport(median, 'html'));
    const cells = CATEGORIES.map((category) => String(score(median, category)).padStart(4)).join('  ');
    const lcp = `${(ms(median, 'largest-contentful-paint') / 1000).toFixed(1)} s`;
    const tbt = `${ms(median, 'total-blocking-time').toFixed(0)} ms`;
    const cls = ms(median, 'cumulative-layout-shift').toFixed(3);
    const each = runs
      .map((lhr) => `${score(lhr, 'performance')} (${Math.round(lhr.environment.benchmarkIndex)})`)
      .join(', ');
    console.log(
      `${name.padEnd(10)} ${cells}  ${lcp.padEnd(7)}  ${tbt.padEnd(7)}  ${cls}  ${String(copyMedian).padStart(9)}  ${each}`,
    );
    for (const [category, target] of Object.entries(TARGETS)) {
      if (score(median, category) < target)
        shortfalls.push(
          `${name} ${category} ${score(median, category)} < ${target}: ${failing(median, category).join(', ')}`,
        );
    }
  }
  console.log(shortfalls.length ? `\nUnder target:\n${shortfalls.join('\n')}` : '\nEvery page meets its targets.');
} finally {
  await browser.close();
  child.kill('SIGTERM');
  tiles.close();
  copyServer.close();
}
