// Benchmark of the county profiles (not part of npm test): loads the shipped catalogue and data into
// a fresh SQLite file under var/bench/, then times GET /api/v1/counties/{slug} for every county over
// HTTP and prints p50 and p95, and the first call after a load (which works out every county's
// figures). Target: a profile's p95 under 30 ms on SQLite.
//
//   npm run bench                  every benchmark
//   npx tsx bench/counties.ts      this one
import { performance } from 'node:perf_hooks';
import { CountyListSchema } from '@portal/contract/counties';
import { API } from '@portal/contract/paths';
import { listenInProcess, shippedDataDb } from './lib/in-process.ts';
import { reportTimes } from './lib/measure.ts';

/** Rounds over the 47 profiles; the route allows 600 reads a minute per client by default. */
const ROUNDS = 5;

async function main() {
  const { db, destroy } = await shippedDataDb('counties');
  const portal = await listenInProcess(db);
  const { base } = portal;
  const timed = async (path: string) => {
    const started = performance.now();
    const response = await fetch(base + path);
    const body = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return { ms: performance.now() - started, body };
  };

  const first = await timed(API.counties);
  console.log(`first call after a load (works out every county's figures): ${first.ms.toFixed(1)} ms`);
  const { counties, headlines } = CountyListSchema.parse(JSON.parse(first.body));
  console.log(`${counties.length} counties, ${headlines.length} headline figures each`);
  const profiles: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const county of counties) {
      const { ms } = await timed(API.county(county.slug));
      if (round > 0) profiles.push(ms);
    }
  }
  reportTimes('GET /api/v1/counties/{slug} (SQLite)', profiles);
  reportTimes(
    'GET /api/v1/counties (SQLite)',
    [await timed(API.counties), await timed(API.counties), await timed(API.counties)].map((r) => r.ms),
  );
  await portal.close();
  await destroy();
}

await main();
