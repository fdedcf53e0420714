// Benchmark of the county map page (not part of npm test): starts the built portal on a fresh SQLite
// file under var/bench/ with the shipped data imported, opens /maps/counties in headless Chromium on
// a monthly figure, and times each move of the period slider from the input event to the map's
// fills being drawn for the new period (the svg's data-period, seen by a MutationObserver, then the
// next animation frame). It prints p50 and p95 for steps to a neighbouring period (fetched ahead by
// the page) and for jumps to a period not fetched before, and the sizes of what the map loads.
// Target: under 100 ms per switch.
//
//   npm run bench                  every benchmark (builds the web app first)
//   npx tsx bench/choropleth.ts    this one (after npm run build)
/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { ChoroplethSchema } from '@portal/contract/choropleth';
import { API, PAGES } from '@portal/contract/paths';
import { reportTimes, sleep } from './lib/measure.ts';
import { launchChromium, startBuiltPortal } from './lib/portal.ts';

const FIGURE = { source: 'climate/weather-observations', variable: 'Rainfall, 1-month rolling, anomaly' };
const SWITCHES = 30;
/** A visitor's pause between two moves of the slider, in which the page fetches the next neighbours. */
const PAUSE_MS = 300;

/** Bytes of an answer as sent with an encoding ('identity' for none). */
async function sizeOf(url: string, encoding: string): Promise<number> {
  const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
  const length = response.headers.get('content-length');
  const body = await response.arrayBuffer();
  // fetch decodes what it receives; the header says what was sent, the body's length when it is absent.
  return length ? Number(length) : body.byteLength;
}

/**
 * Moves the slider to `index` as a pointer or key does (an input event), and resolves with the ms
 * until the map has drawn `period`, or -1 when it has not within 5 s.
 */
function switchPeriod(page: Page, index: number, period: string): Promise<number> {
  return page.evaluate(
    ({ index, period }) =>
      new Promise<number>((resolve) => {
        const slider = document.querySelector<HTMLInputElement>('input[type=range]');
        const svg = document.querySelector('svg.choropleth-map');
        // A page that lost its map (an error shown in its place) counts as not drawn.
        if (!slider || !svg) return resolve(-1);
        const timeout = setTimeout(() => resolve(-1), 5000);
        const observer = new MutationObserver(() => {
          if (svg.getAttribute('data-period') !== period) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            clearTimeout(timeout);
            resolve(performance.now() - started);
          });
        });
        observer.observe(svg, { attributes: true, attributeFilter: ['data-period'] });
        const started = performance.now();
        // React reads the value through the element's own setter, so set it the way the browser does.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(slider, String(index));
        slider.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    { index, period },
  );
}

/** Timings of the switches, a negative one being a switch not drawn within 5 s. */
function report(label: string, times: number[], what = 'switches') {
  const missed = times.filter((t) => t < 0).length;
  reportTimes(
    label,
    times.filter((t) => t >= 0),
    what,
    1,
    missed ? ` (${missed} not drawn within 5 s)` : '',
  );
}

async function main() {
  let started = performance.now();
  const { base, child: portal } = await startBuiltPortal('choropleth');
  const browser = await launchChromium();
  try {
    console.log(
      `portal started with the data imported, and at rest, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const query = new URLSearchParams(FIGURE).toString();
    const latest = ChoroplethSchema.parse(await (await fetch(`${base}${API.choropleth}?${query}`)).json());
    const { periods } = latest;
    for (const encoding of ['identity', 'gzip', 'br']) {
      const outlines = await sizeOf(`${base}${API.countyOutlines}`, encoding);
      const answer = await sizeOf(`${base}${API.choropleth}?${query}`, encoding);
      console.log(
        `${encoding.padEnd(8)} county outlines ${(outlines / 1024).toFixed(1)} kB, one period's answer ${(answer / 1024).toFixed(1)} kB`,
      );
    }
    const serverTimes: number[] = [];
    for (const period of periods.slice(-20)) {
      started = performance.now();
      await (await fetch(`${base}${API.choropleth}?${query}&period=${period}`)).arrayBuffer();
      serverTimes.push(performance.now() - started);
    }
    report('GET /api/v1/choropleth, one period (server and loopback)', serverTimes, 'calls');

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('response', (response) => {
      if (response.status() >= 400) console.log(`the page was answered ${response.status()} for ${response.url()}`);
    });
    let index = periods.length - 1;
    await page.goto(`${base}${PAGES.countyMap}?${query}&period=${periods[index]}`);
    await page.waitForSelector(`svg[data-period="${periods[index]}"]`);
    await sleep(1000);

    // A visitor stepping back one period at a time: each step's period was fetched ahead.
    const steps: number[] = [];
    for (let i = 0; i < SWITCHES; i++) {
      index -= 1;
      steps.push(await switchPeriod(page, index, periods[index]));
      await sleep(PAUSE_MS);
    }
    report('slider step to a neighbouring period', steps);

    // Jumps across the slider to periods not fetched before: the answer comes over the network.
    const jumps: number[] = [];
    // Three apart, so that none is a neighbour the page fetched ahead after an earlier jump; in a scattered order.
    const targets = periods.map((_, i) => i).filter((i) => i < index - 1 && i % 3 === 0);
    const order = targets.map((_, i) => targets[(i * 7) % targets.length]).slice(0, SWITCHES);
    for (const target of order) {
      jumps.push(await switchPeriod(page, target, periods[target]));
      await sleep(PAUSE_MS);
    }
    report('slider jump to a period not fetched before', jumps);
  } finally {
    await browser.close();
    portal.kill('SIGTERM');
  }
}

await main();
