// Benchmark of the search (not part of npm test): loads the shipped catalogue and data into a fresh
// SQLite file under var/bench/, then times 200 real queries (as typed: prefixes, typos, a variable
// with a county, map features) through the query function and through the HTTP API, and prints
// p50 and p95 of each. Target: p95 under 20 ms on SQLite.
//
//   npm run bench                  every benchmark
//   npx tsx bench/search.ts        this one
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { API } from '@portal/contract/paths';
import { searchWords } from '@portal/contract/search-words';
import { openDb } from '@portal/db/dialect';
import { migrateToLatest } from '@portal/db/migrate';
import { searchIndex } from '@portal/db/queries/search.queries';
import { wordsOf } from '@portal/db/search-score';
import { importData, loadCatalog } from '@portal/importer';
import { ROOT_DIR } from '../apps/server/src/config.ts';
import { listenInProcess } from './lib/in-process.ts';
import { reportTimes } from './lib/measure.ts';

const DIR = join(ROOT_DIR, 'var/bench');
const FILE = join(DIR, 'search.db');
const QUERIES = 200;
/** The query function runs the 200 queries this many times; the first round warms up. */
const ROUNDS = 5;

/** Queries people type: the test's, then prefixes and typos of real names and variable-county pairs. */
const TYPED = [
  'rainfal turkan',
  'wajir rainfall',
  'kisumu populaton',
  'electricity access nairobi',
  'electricty',
  'access to electricity',
  'temperatur',
  'forests',
  'nairobbi',
  'jomo kenyatta',
  'kipevu',
  'olkaria',
  'masinga',
  'power stations',
  'substations',
  'land cover',
  'maize price nakuru',
  'gdp',
  'energy',
  'climate',
];

/** The first letters of each word, as typed before the words are finished ('rainf turk'). */
const prefix = (name: string) =>
  wordsOf(name)
    .slice(0, 2)
    .map((w) => w.slice(0, Math.max(3, Math.ceil(w.length * 0.7))))
    .join(' ');
/** One letter doubled in the middle, the commonest slip of a typist. */
const typo = (name: string) => {
  const word = wordsOf(name)[0] ?? name;
  const at = Math.floor(word.length / 2);
  return word.slice(0, at) + word[at] + word.slice(at);
};

async function main() {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const { db, destroy } = openDb(`sqlite://${FILE}`);
  await migrateToLatest(db);
  let started = performance.now();
  await loadCatalog(db);
  await importData(db);
  console.log(`catalogue and data loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const entries = await db.selectFrom('search_entries').select(['kind', 'title']).orderBy('id').execute();
  console.log(`search index: ${entries.length} entries`);

  const pick = (kind: string, step: number) =>
    entries.filter((e) => e.kind === kind && e.title.length < 40).filter((_, i) => i % step === 0);
  const variables = pick('variable', 17).map((e) => e.title);
  const counties = pick('place', 3).map((e) => e.title);
  const queries = [
    ...TYPED,
    ...variables.map(prefix),
    ...counties.map(typo),
    ...variables.map((v, i) => `${prefix(v)} ${counties[i % counties.length].toLowerCase()}`),
    ...pick('feature', 7).map((e) => prefix(e.title)),
    ...pick('layer', 1).map((e) => typo(e.title)),
    ...pick('source', 1).map((e) => prefix(e.title)),
  ].slice(0, QUERIES);
  console.log(`${queries.length} queries, e.g. ${queries.slice(20, 26).join(' | ')}`);

  const direct: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of queries) {
      started = performance.now();
      const used = process.cpuUsage();
      await searchIndex(db, searchWords(q), { limit: 20 });
      const { user, system } = process.cpuUsage(used);
      if (round > 0) direct.push(performance.now() - started);
      if (round > 0) cpu.push((user + system) / 1000);
    }
  }
  reportTimes('query function (SQLite), wall clock', direct, 'searches');
  // On a busy machine the wall clock counts the waits for a core; the CPU time is the work itself.
  reportTimes('query function (SQLite), CPU time', cpu, 'searches');

  const portal = await listenInProcess(db);
  const http: number[] = [];
  // The route allows 600 searches a minute per client by default: 50 to warm up, then the 200 timed.
  for (const [i, q] of [...queries.slice(0, 50), ...queries].entries()) {
    started = performance.now();
    const response = await fetch(`${portal.base}${API.search}?q=${encodeURIComponent(q)}&limit=20`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${q}: ${response.status}`);
    if (i >= 50) http.push(performance.now() - started);
  }
  reportTimes('GET /api/v1/search (SQLite)', http, 'searches');
  await portal.close();
  await destroy();
}

await main();
