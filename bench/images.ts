// Benchmark of the images of the views (not part of npm test): loads the shipped catalogue and data
// into a fresh SQLite file under var/bench/, then asks the portal over HTTP for 1200x630 PNGs of a
// timeseries chart (a county's monthly rainfall beside Nairobi's, 2015-2025, once per county) and of
// the county map (each mappable variable once, its values read from the database, then one variable
// in many periods), none of them drawn before. It prints p50, p95 and the largest time from request
// to the last byte, the database queries included, and the sizes. Targets: at most 300 ms, at most 150 kB.
//
//   npm run bench                  every benchmark
//   npx tsx bench/images.ts        this one
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { MappableVariableListSchema } from '@portal/contract/choropleth';
import { API } from '@portal/contract/paths';
import { listenInProcess, shippedDataDb } from './lib/in-process.ts';
import { reportTimes } from './lib/measure.ts';

const RAINFALL = { source: 'climate/weather-observations', variable: 'Rainfall, 1-month rolling' };
/** Periods of one map drawn after its values were read; the route allows 600 reads a minute per client. */
const MAP_PERIODS = 40;

const query = (params: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const one of [value].flat()) search.append(name, one);
  return search.toString();
};

function reportSizes(label: string, sizes: number[]): void {
  const sorted = [...sizes].sort((a, b) => a - b);
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`${label}: median ${kB(sorted[Math.floor(sorted.length / 2)])}, largest ${kB(sorted.at(-1)!)}`);
}

async function main() {
  const { db, destroy } = await shippedDataDb('images');
  const portal = await listenInProcess(db);
  const png = async (path: string) => {
    const started = performance.now();
    const response = await fetch(portal.base + path);
    const bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok || response.headers.get('content-type') !== 'image/png')
      throw new Error(`${path}: ${response.status}`);
    return { ms: performance.now() - started, bytes };
  };
  const run = async (label: string, paths: string[]) => {
    const times: number[] = [];
    const sizes: number[] = [];
    for (const path of paths) {
      const { ms, bytes } = await png(path);
      times.push(ms);
      sizes.push(bytes);
    }
    reportTimes(label, times, 'images');
    reportSizes(`${label}, size`, sizes);
  };
  // The machine's load beside the times: on shared cores they stretch with it.
  const load = () => console.log(`load average (1 min): ${loadavg()[0].toFixed(1)}`);
  try {
    // The first image loads the fonts and the layout engine: counted apart, as a server's start.
    const first = await png(`${API.countyImage('turkana', 'png')}`);
    console.log(`first image after start: ${first.ms.toFixed(0)} ms`);
    load();

    const counties = (await (await fetch(`${portal.base}${API.counties}`)).json()) as { counties: { name: string }[] };
    await run(
      'timeseries chart PNG (1200x630, 2 counties x 132 months)',
      counties.counties.map(({ name }) =>
        API.timeseriesImage('png').concat(
          `?${query({ ...RAINFALL, location: [name, 'Nairobi'], start: '2015-01-01', end: '2025-12-31' })}`,
        ),
      ),
    );

    const variables = MappableVariableListSchema.parse(
      await (await fetch(`${portal.base}${API.choroplethVariables}`)).json(),
    );
    await run(
      `county map PNG (1200x630), each of ${variables.length} variables read from the database`,
      variables.map(
        (v) =>
          `${API.choroplethImage('png')}?${query({ source: `${v.source.sector}/${v.source.slug}`, variable: v.name })}`,
      ),
    );
    const rain = variables.find((v) => v.name === `${RAINFALL.variable}, anomaly`)!;
    const periods = Array.from({ length: MAP_PERIODS }, (_, i) => {
      const month = new Date(Date.UTC(Number(rain.first.slice(0, 4)), Number(rain.first.slice(5, 7)) - 1 + i, 1));
      return month.toISOString().slice(0, 10);
    });
    await run(
      `county map PNG (1200x630), ${MAP_PERIODS} periods of one variable`,
      periods.map(
        (period) =>
          `${API.choroplethImage('png')}?${query({ source: RAINFALL.source, variable: rain.name, period, method: 'natural' })}`,
      ),
    );
    load();
  } finally {
    await portal.close();
    await destroy();
  }
}

await main();
