// Every route of the portal on a phone (not part of npm test): starts the built portal and, for
// each route's sample addresses (packages/contract/src/pages.ts), prints Lighthouse's mobile
// performance score, LCP, TBT and CLS (a mid-range phone on slow 4G: 4x slower CPU, 150 ms round
// trip, 1.6 Mbps, simulated from an unthrottled load), and "first use to visible answer": the page
// opened under the same throttling (applied for real), its main control used 1 s after the load
// event whatever the page's state then, and the time until the answer shows. The use is chosen by
// what the page offers: a map's layer control is opened, a county map's slider moved a period, the
// timeseries page's Preview clicked (to table rows), the landing page's search box typed into (to
// suggestions), an embed's period form sent (to the embed again) or its full page opened (to its heading in the
// new tab), else the first link of the page's main content (or footer) clicked (to the next page's heading).
// Targets on every route: performance at least 90, LCP at most 2.5 s, first use at most 1.0 s.
// Where LCP is over its target, the LCP of one more run with the throttling applied for real follows.
// Lighthouse multiplies the main-thread time it observed here by 4, so scores move with this
// machine's speed: its benchmark index (Lighthouse's measure of the host CPU) is printed. The base
// map comes from a tile server on this machine answering one blank tile, so maps need no network.
//
//   npm run bench -- pages                 this one, one run per route (builds the web app first)
//   npx tsx bench/pages.ts --median        the median of three runs per route (after npm run build)
//   npx tsx bench/pages.ts county-map      only the routes named
//   npx tsx bench/pages.ts --direct        the portal's own port (HTTP/1.1), without nginx in front
import { createServer } from 'node:http';
import lighthouse, { type Result } from 'lighthouse';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { PAGE_ROUTES } from '@portal/contract/pages';
import { freePort, sleep } from './lib/measure.ts';
import { launchChromium, startBuiltPortal, startHttpsFront } from './lib/portal.ts';

const args = process.argv.slice(2);
const RUNS = args.includes('--median') ? 3 : 1;
const named = args.filter((arg) => !arg.startsWith('--'));
const TARGETS = { performance: 90, lcpMs: 2500, firstUseMs: 1000 };
// Lighthouse's mobile throttling, applied for real for the first use.
const PHONE = { cpuSlowdown: 4, latencyMs: 150, downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8 };

const samples = PAGE_ROUTES.filter((route) => !named.length || named.includes(route.id)).flatMap((route) => [
  { id: route.id, path: route.sample },
  ...(route.also ?? []).map((also) => ({ id: route.id, path: also.sample })),
]);

const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#f2efe9' } })
  .png()
  .toBuffer();
const tiles = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'image/png',
    'cache-control': 'public, max-age=31536000, immutable',
    'access-control-allow-origin': '*',
  });
  response.end(tile);
});
const tilePort = await freePort();
tiles.listen(tilePort, '127.0.0.1');

// Pages are measured through nginx over TLS and HTTP/2, as visitors get them (docs/operations.md);
// --direct measures the portal's own HTTP/1.1 port, where a phone fetches six files at a time.
const direct = args.includes('--direct');
const frontPort = await freePort();
const tileUrl = direct
  ? `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`
  : `https://127.0.0.1:${frontPort}/tiles/{z}/{x}/{y}.png`;
// Behind nginx the portal is set up as docs/operations.md says: its public address, one proxy to trust.
const portal = await startBuiltPortal('pages', {
  MAP_TILE_URL: tileUrl,
  ...(direct ? {} : { PUBLIC_URL: `https://127.0.0.1:${frontPort}`, TRUST_PROXY: '1' }),
});
const front = direct
  ? null
  : await startHttpsFront(frontPort, { '/': portal.base, '/tiles/': `http://127.0.0.1:${tilePort}/` });
const base = front?.base ?? portal.base;
const debuggingPort = await freePort();
const browser = await launchChromium([`--remote-debugging-port=${debuggingPort}`, '--ignore-certificate-errors']);

/**
 * One Lighthouse run; a run it could not complete (a load cut short on a busy machine) is run again,
 * twice at most. Lighthouse audits no page answering an error (the not-found page's 404): null.
 */
async function audit(url: string, throttlingMethod: 'simulate' | 'devtools' = 'simulate'): Promise<Result | null> {
  for (let attempt = 0; ; attempt++) {
    const result = await lighthouse(url, {
      port: debuggingPort,
      hostname: '127.0.0.1',
      logLevel: 'error',
      onlyCategories: ['performance'],
      maxWaitForLoad: 45_000,
      throttlingMethod,
    });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (!error) return result!.lhr;
    if (error.code === 'ERRORED_DOCUMENT_REQUEST') return null;
    if (attempt >= 2) throw new Error(`${url}: ${error.code} ${error.message}`);
    await sleep(5000);
  }
}

/**
 * Resolves once an element matching `selector` is in the page and visible (one whose text is
 * `placeholder` does not count), checked at every frame: a locator's wait checks at growing
 * intervals, up to 500 ms apart, which would add up to half a second to a first use of about one.
 */
const shown = (page: Page, selector: string, placeholder?: string) =>
  page.waitForFunction(
    ({ selector, placeholder }) =>
      Array.from(document.querySelectorAll(selector)).some(
        (element) => element.checkVisibility() && element.textContent !== placeholder,
      ),
    { selector, placeholder },
    { polling: 'raf', timeout: 60_000 },
  );

/**
 * Uses the page's main control and resolves once its answer shows; the use it made, by name.
 * Each wait looks for the answer itself, so a page that had not hydrated yet is timed until it has.
 */
async function firstUse(page: Page): Promise<{ use: string; answered: Promise<unknown> }> {
  const main = page.locator('main');
  const layerControl = page.locator('.leaflet-control-layers');
  // A map page: its control comes with the map, which may still be loading.
  if (await page.locator('.raster-map').count()) {
    return {
      use: 'layer control',
      answered: layerControl.hover().then(() => shown(page, '.leaflet-control-layers-expanded')),
    };
  }
  const slider = main.locator('input[type="range"]');
  if (await slider.count()) {
    const heading = main.locator('h2').first();
    const before = await heading.textContent();
    await slider.focus();
    return {
      use: 'period slider',
      answered: page.keyboard
        .press('ArrowLeft')
        .then(() => page.waitForFunction((text) => document.querySelector('main h2')?.textContent !== text, before)),
    };
  }
  const preview = main.getByRole('button', { name: 'Preview', exact: true });
  if (await preview.count()) {
    return {
      use: 'Preview',
      answered: preview.click().then(() => shown(page, 'main .results-table tbody td', '---')),
    };
  }
  const search = main.locator('[data-search-box="large"] input');
  if (await search.count()) {
    return {
      use: 'search',
      answered: search.pressSequentially('rain').then(() => shown(page, 'main [role="option"]')),
    };
  }
  // An embed, sent without script: its period form asks the embed again, else its footer opens the full page in a new tab.
  const periodForm = main.locator('form:has(select)');
  if (await periodForm.count()) {
    const choice = periodForm.locator('select');
    const period = (await choice.locator('option').nth(1).getAttribute('value'))!;
    return {
      use: 'period form',
      answered: choice
        .selectOption(period)
        .then(() => periodForm.getByRole('button').click())
        .then(() => page.waitForURL((url) => url.searchParams.get('period') === period))
        .then(() => shown(page, 'main h1')),
    };
  }
  const fullPage = page.locator('footer.embed-footer a[target="_blank"]');
  if (await fullPage.count()) {
    const opened = page.context().waitForEvent('page');
    return {
      use: 'full page, new tab',
      answered: fullPage
        .click()
        .then(() => opened)
        .then((tab) => shown(tab, 'main h1')),
    };
  }
  // A page whose content links nowhere inside the portal (About) is left by the footer's first link.
  const inMain = main.locator('a[href^="/"]').first();
  const link = (await inMain.count()) ? inMain : page.locator('footer a[href^="/"]').first();
  const href = await link.getAttribute('href');
  return {
    use: `link ${href}`,
    answered: link
      .click()
      .then(() => page.waitForURL((url) => url.pathname + url.search === href))
      .then(() => shown(page, 'main h1')),
  };
}

/** Milliseconds from the first use, made 1 s after the load event on a throttled phone, to its answer. */
async function firstUseMs(path: string): Promise<{ use: string; ms: number }> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: PHONE.downloadBytesPerSecond,
    uploadThroughput: PHONE.downloadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  try {
    await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 60_000 });
    await sleep(1000);
    const started = performance.now();
    const { use, answered } = await firstUse(page);
    // A use with no answer is reported as such, and the bench goes on with the next address.
    const ok = await answered.then(
      () => true,
      () => false,
    );
    return ok ? { use, ms: performance.now() - started } : { use: `${use}: no answer`, ms: Infinity };
  } finally {
    await context.close();
  }
}

const median = <T>(values: T[], key: (value: T) => number) =>
  [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)];
const performanceScore = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
const ms = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

/** The LCP element and the phases of its time (TTFB, load delay, load time, render delay), on one line. */
function lcpExplained(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  if (details?.type !== 'list') return '';
  const [element, phases] = details.items as { items: Record<string, unknown>[] }[];
  const node = element?.items[0]?.node as { snippet?: string } | undefined;
  const timings = (phases?.items ?? []).map((item) => `${String(item.phase)} ${Math.round(Number(item.timing))} ms`);
  return `    LCP element ${node?.snippet?.slice(0, 120) ?? '?'}; ${timings.join(', ')}`;
}

const shortfalls: string[] = [];
const indexes: number[] = [];
try {
  console.log(
    `${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`} per address, ${direct ? "the portal's own port over HTTP/1.1" : 'through nginx over TLS and HTTP/2'}; benchmark index in brackets`,
  );
  console.log('route            perf  LCP     TBT      CLS    first use (what)                      address');
  for (const { id, path } of samples) {
    const audits: Result[] = [];
    const uses: { use: string; ms: number }[] = [];
    for (let round = 0; round < RUNS; round++) {
      const lhr = await audit(`${base}${path}`);
      if (lhr) audits.push(lhr);
      uses.push(await firstUseMs(path));
    }
    const use = median(uses, (u) => u.ms);
    if (!audits.length) {
      console.log(
        `${id.padEnd(16)}  (an error page: Lighthouse audits none)  ${(use.ms / 1000).toFixed(2)} s (${use.use})  ${path}`,
      );
      if (use.ms > TARGETS.firstUseMs) shortfalls.push(`${path}: first use ${(use.ms / 1000).toFixed(2)} s > 1.0 s`);
      continue;
    }
    const lhr = median(audits, performanceScore);
    const perf = performanceScore(lhr);
    const lcp = ms(lhr, 'largest-contentful-paint');
    indexes.push(...audits.map((a) => a.environment.benchmarkIndex));
    const index = audits.map((a) => Math.round(a.environment.benchmarkIndex)).join(', ');
    console.log(
      [
        id.padEnd(16),
        String(perf).padStart(4),
        `${(lcp / 1000).toFixed(1)} s`.padStart(6),
        `${ms(lhr, 'total-blocking-time').toFixed(0)} ms`.padStart(8),
        ms(lhr, 'cumulative-layout-shift').toFixed(3).padStart(6),
        `${(use.ms / 1000).toFixed(2)} s (${use.use})`.padEnd(38),
        `${path} [${index}]`,
      ].join('  '),
    );
    if (lcp > TARGETS.lcpMs) {
      console.log(lcpExplained(lhr));
      // Lighthouse's simulation counts each script that ended before the unthrottled load's first
      // paint as holding that paint back, as a module script never does: the same load with the
      // throttling applied for real tells how much of the figure that is.
      const applied = await audit(`${base}${path}`, 'devtools');
      if (applied)
        console.log(
          `    LCP with the throttling applied: ${(ms(applied, 'largest-contentful-paint') / 1000).toFixed(1)} s`,
        );
    }
    if (perf < TARGETS.performance) shortfalls.push(`${path}: performance ${perf} < ${TARGETS.performance}`);
    if (lcp > TARGETS.lcpMs) shortfalls.push(`${path}: LCP ${(lcp / 1000).toFixed(1)} s > 2.5 s`);
    if (use.ms > TARGETS.firstUseMs) shortfalls.push(`${path}: first use ${(use.ms / 1000).toFixed(2)} s > 1.0 s`);
  }
  console.log(shortfalls.length ? `\nUnder target:\n${shortfalls.join('\n')}` : '\nEvery route meets its targets.');
  const hostIndex = median(indexes, (index) => index);
  // Lighthouse's 4x slowdown turns a high-end desktop (benchmark index 1500-2000) into a mid-tier
  // phone (Lighthouse's docs/throttling.md); from a slower host it models a slower phone.
  if (hostIndex < 1500)
    console.log(
      `\nThis host's benchmark index is ${Math.round(hostIndex)}, under the 1500 of a high-end desktop: its 4x slowdown ` +
        'models a phone slower than a mid-tier one, and its figures are lower than a faster host gives.',
    );
} finally {
  await browser.close();
  portal.child.kill('SIGTERM');
  await front?.stop();
  tiles.close();
}
