// The fair-share part of bench/load.ts: five clients each send, in turn, the heaviest request of
// every kind a client may make, while /api/health is probed and a sixth client sends a typical
// preview; then the deepest page of the largest dataset next to its first, one at a time (ADR 0033).
import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { API } from '@portal/contract/paths';
import { SEARCH_QUERY_MAX } from '@portal/contract/search';
import type { Database } from '@portal/db/database';
import { LARGEST_SOURCE, largestAllowedQuery } from './largest-query.ts';
import { sleep } from './measure.ts';

/** The CSV a probe found to hold the event loop: the largest file the portal ships. */
const CSV_DATASET = 'osemosys-kenya-psm-v2';
const CLIENTS = 5;
/** At least this long, and until /api/health has been probed PROBES times. */
const SECONDS = 20;
const PROBES = 200;
const PAGE_SIZE = 1000;
const PAGE_RUNS = 20;

export interface FairShareSetup {
  token: string;
  /** The largest dataset and its number of rows. */
  largest: { id: string; rows: number };
  /** The page's largest preview the cost limit allows (largestAllowedQuery). */
  modelQuery: { end: string };
  /** Electricity access at the 47 counties, 2009-2019. */
  typical: object;
  searchWords: string[];
}

/** A user with a personal API token, and the heaviest requests of each kind, read from the loaded database. */
export async function prepareFairShare(db: Kysely<Database>, maxSearchWords: number): Promise<FairShareSetup> {
  const now = Date.now();
  const id = randomBytes(8).toString('hex');
  await db
    .insertInto('users')
    .values({
      id,
      email: 'bench@example.org',
      username: 'Bench',
      password_hash: 'not-used',
      organization: 'Bench',
      country: 'Kenya',
      use_of_data: 'Benchmarking the portal',
      verified_at: now,
      created_at: now,
    })
    .execute();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('api_tokens')
    .values({
      id: randomBytes(8).toString('hex'),
      user_id: id,
      name: 'bench',
      token_hash: createHash('sha256').update(token).digest('hex'),
      created_at: now,
      last_used_at: null,
    })
    .execute();
  const largest = await db
    .selectFrom('datasets')
    .select(['id', 'rows_loaded'])
    .orderBy('rows_loaded', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const modelQuery = await largestAllowedQuery(db);
  const counties = await db
    .selectFrom('locations')
    .select('name')
    .where('kind', '=', 'county')
    .orderBy('name')
    .execute();
  const typical = {
    start: '2009-01-01',
    end: '2019-12-31',
    variables: ['Electricity access'],
    locations: counties.map((c) => c.name),
    source: 'energy/access',
  };
  // Three letters each, as many as the query's length and the word bound allow: each word a trigram look-up.
  const names = await db.selectFrom('variables').select('name').orderBy('id').execute();
  const prefixes = [
    ...new Set(names.flatMap((n) => n.name.toLowerCase().match(/[a-z]{3,}/g) ?? []).map((w) => w.slice(0, 3))),
  ];
  const searchWords = prefixes.slice(0, Math.min(maxSearchWords, Math.floor((SEARCH_QUERY_MAX + 1) / 4)));
  return { token, largest: { id: largest.id, rows: Number(largest.rows_loaded) }, modelQuery, typical, searchWords };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

interface Kind {
  label: string;
  send: () => Promise<Response>;
}

function kinds(base: string, setup: FairShareSetup): Kind[] {
  const bearer = { authorization: `Bearer ${setup.token}` };
  const json = { 'content-type': 'application/json' };
  const lastPage = Math.ceil(setup.largest.rows / PAGE_SIZE);
  return [
    {
      label: `dataset CSV ${CSV_DATASET} with a token`,
      send: () => fetch(`${base}${API.datasetObservationsCsv(CSV_DATASET)}`, { headers: bearer }),
    },
    {
      label: `deepest page ${setup.largest.id} page=${lastPage}&pageSize=${PAGE_SIZE}`,
      send: () => fetch(`${base}${API.datasetObservations(setup.largest.id)}?page=${lastPage}&pageSize=${PAGE_SIZE}`),
    },
    {
      label: `largest preview (${LARGEST_SOURCE}, everything to ${setup.modelQuery.end})`,
      send: () =>
        fetch(`${base}${API.preview}`, { method: 'POST', headers: json, body: JSON.stringify(setup.modelQuery) }),
    },
    {
      label: `search of ${setup.searchWords.length} three-letter words`,
      send: () => fetch(`${base}${API.search}?q=${encodeURIComponent(setup.searchWords.join(' '))}`),
    },
    {
      label: `full export (${LARGEST_SOURCE}, everything to ${setup.modelQuery.end})`,
      send: () =>
        fetch(`${base}${API.timeseriesExport}`, {
          method: 'POST',
          headers: { ...json, ...bearer },
          body: JSON.stringify(setup.modelQuery),
        }),
    },
  ];
}

/** Sends a request and reads its whole answer; a status other than 2xx stops the bench. */
async function timed(label: string, send: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await send();
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${label}: ${response.status} ${Buffer.from(body).toString().slice(0, 200)}`);
  return performance.now() - started;
}

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The fair-share figures: health and a typical preview beside five heavy clients, then deep against first page. */
export async function fairShare(
  base: string,
  setup: FairShareSetup,
  probeHealth: (until: number) => Promise<number[]>,
  loopDelay: () => Promise<{ p99: number; max: number }>,
): Promise<void> {
  const heavy = kinds(base, setup);
  console.log(
    `\nFair share, at least ${SECONDS} s and ${PROBES} health probes: ${CLIENTS} clients each sending, in turn:`,
  );
  for (const kind of heavy) console.log(`  - ${kind.label}`);
  console.log(`  machine load average (1, 5, 15 min) before: ${load()}`);
  await loopDelay();
  const until = performance.now() + SECONDS * 1000;
  let done = false;
  const times = new Map(heavy.map((k) => [k.label, [] as number[]]));
  const client = async (offset: number) => {
    for (let i = offset; !done; i++) {
      const kind = heavy[i % heavy.length];
      times.get(kind.label)!.push(await timed(kind.label, kind.send));
    }
  };
  const typicalTimes: number[] = [];
  const sixth = async () => {
    while (!done) {
      const send = () =>
        fetch(`${base}${API.preview}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(setup.typical),
        });
      typicalTimes.push(await timed('typical preview', send));
      await sleep(50);
    }
  };
  const probes = async () => {
    const times: number[] = [];
    while (times.length < PROBES || performance.now() < until)
      times.push(...(await probeHealth(performance.now() + 1000)));
    done = true;
    return times;
  };
  const [health] = await Promise.all([probes(), sixth(), ...Array.from({ length: CLIENTS }, (_, i) => client(i))]);
  const delay = await loopDelay();
  console.log(`  machine load average (1, 5, 15 min) after: ${load()}`);
  console.log(
    `  /api/health: p50 ${ms(percentile(health, 50))}, p99 ${ms(percentile(health, 99))}, max ${ms(percentile(health, 100))} over ${health.length} probes (target p99 at most 100 ms over at least 200)`,
  );
  console.log(
    `  typical preview (Electricity access, 47 counties, 2009-2019), sixth client: p50 ${ms(percentile(typicalTimes, 50))}, p99 ${ms(percentile(typicalTimes, 99))} over ${typicalTimes.length} calls (target p99 at most 500 ms)`,
  );
  console.log(`  server event-loop delay: p99 ${ms(delay.p99)}, max ${ms(delay.max)}`);
  for (const [label, list] of times)
    console.log(
      `  ${label}: p50 ${ms(percentile(list, 50))}, max ${ms(percentile(list, 100))} over ${list.length} calls`,
    );

  const page = (n: number) => () =>
    fetch(`${base}${API.datasetObservations(setup.largest.id)}?page=${n}&pageSize=${PAGE_SIZE}`);
  const lastPage = Math.ceil(setup.largest.rows / PAGE_SIZE);
  const first: number[] = [];
  const deepest: number[] = [];
  for (let i = 0; i < PAGE_RUNS; i++) {
    first.push(await timed('first page', page(1)));
    deepest.push(await timed('deepest page', page(lastPage)));
  }
  const ratio = percentile(deepest, 50) / percentile(first, 50);
  console.log(
    `\nPages of ${setup.largest.id} (${setup.largest.rows.toLocaleString('en')} rows), pageSize=${PAGE_SIZE}, one at a time, ${PAGE_RUNS} each (load average ${load()}):`,
  );
  console.log(
    `  page=1: p50 ${ms(percentile(first, 50))}; page=${lastPage}: p50 ${ms(percentile(deepest, 50))}; deepest/first ${ratio.toFixed(2)} (target at most 1.5)`,
  );
}
