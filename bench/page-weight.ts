// Bytes on the wire per page (not part of npm test): starts the built portal, opens each page in a
// fresh Chromium context (empty cache, brotli accepted as Chromium always does) and adds up what
// the portal sent until the network rests, by kind. Requests to other sites (map tiles) are
// refused and left out. Budgets: compressed JavaScript at most 100 kB on the landing and sectors
// pages, 150 kB on a timeseries page and 200 kB on a map page; a map page at most 300 kB in all.
//
//   npm run bench                   every benchmark (builds the web app first)
//   npx tsx bench/page-weight.ts    this one (after npm run build)
import { launchChromium, PAGES as PATHS, startBuiltPortal } from './lib/portal.ts';

const PAGES = [
  { name: 'landing', path: PATHS.landing, jsBudget: 100 },
  { name: 'sectors', path: PATHS.sectors, jsBudget: 100 },
  { name: 'timeseries', path: PATHS.timeseries, jsBudget: 150 },
  { name: 'map', path: PATHS.map, jsBudget: 200, allBudget: 300 },
];

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const { base, child } = await startBuiltPortal('page-weight');
const browser = await launchChromium();
try {
  for (const page of PAGES) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.route(
      (url) => url.origin !== base,
      (route) => route.abort(),
    );
    const tab = await context.newPage();
    const sent: { kind: string; bytes: Promise<number> }[] = [];
    tab.on('requestfinished', (request) => {
      if (!request.url().startsWith(base)) return;
      // The body as sent (compressed), and its headers.
      sent.push({
        kind: request.resourceType(),
        bytes: request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize),
      });
    });
    await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle' });
    const byKind = new Map<string, number>();
    for (const { kind, bytes } of sent) byKind.set(kind, (byKind.get(kind) ?? 0) + (await bytes));
    const js = byKind.get('script') ?? 0;
    const all = [...byKind.values()].reduce((sum, bytes) => sum + bytes, 0);
    const kinds = [...byKind].map(([kind, bytes]) => `${kind} ${kB(bytes)}`).join(', ');
    const verdict = (bytes: number, budget: number) =>
      `${kB(bytes)} of ${budget} kB${bytes > budget * 1024 ? ' (over)' : ''}`;
    console.log(
      `${page.name.padEnd(10)} ${page.path}: JavaScript ${verdict(js, page.jsBudget)}; all ${page.allBudget ? verdict(all, page.allBudget) : kB(all)} (${kinds})`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  child.kill('SIGTERM');
}
