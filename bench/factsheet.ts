// Benchmark of the county fact sheets (not part of npm test): loads the shipped catalogue and data
// into a fresh SQLite file under var/bench/, then asks over HTTP for every county's fact sheet in
// English and Swahili, each made anew (none is kept yet). Prints the time to make one (the first
// includes the worker's start, which the server makes ahead when it listens), their sizes and most
// pages, the event loop's largest delay meanwhile (the longest other requests waited), and the time
// a kept one takes.
// Targets: one made in at most 2 s, at most 300 kB.
//
//   npm run bench -- factsheet     this one
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { CountyListSchema } from '@portal/contract/counties';
import { API } from '@portal/contract/paths';
import { listenInProcess, shippedDataDb } from './lib/in-process.ts';
import { reportTimes } from './lib/measure.ts';

async function main() {
  const { db, destroy } = await shippedDataDb('factsheet');
  const portal = await listenInProcess(db);
  const timed = async (path: string) => {
    const started = performance.now();
    const response = await fetch(portal.base + path);
    const pdf = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    // pdfkit writes its page objects uncompressed.
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    return { ms: performance.now() - started, bytes: pdf.byteLength, pages };
  };

  const { counties } = CountyListSchema.parse(await (await fetch(portal.base + API.counties)).json());
  // The outlines are simplified once per process, for the county maps of the pages as for the fact sheets.
  await fetch(portal.base + API.countyOutlines);
  const made = [await timed(`${API.countyFactsheet(counties[0].slug)}?lang=en`)];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  for (const language of ['en', 'sw'])
    for (const county of counties.slice(language === 'en' ? 1 : 0))
      made.push(await timed(`${API.countyFactsheet(county.slug)}?lang=${language}`));
  loop.disable();

  console.log(`first fact sheet, the worker started with it: ${made[0].ms.toFixed(0)} ms`);
  reportTimes(
    'a fact sheet made (SQLite)',
    made.slice(1).map((m) => m.ms),
    'fact sheets',
    0,
  );
  const sizes = made.map((m) => m.bytes / 1024).sort((a, b) => a - b);
  console.log(
    `size: median ${sizes[Math.floor(sizes.length / 2)].toFixed(0)} kB, largest ${sizes.at(-1)!.toFixed(0)} kB over ${sizes.length}`,
  );
  console.log(`pages: at most ${Math.max(...made.map((m) => m.pages))} (${made.length} fact sheets)`);
  console.log(`event loop while they were made: largest delay ${(loop.max / 1e6).toFixed(1)} ms`);
  const kept = [];
  for (const county of counties) kept.push((await timed(`${API.countyFactsheet(county.slug)}?lang=en`)).ms);
  reportTimes('a kept fact sheet', kept, 'calls');
  await portal.close();
  await destroy();
}

await main();
