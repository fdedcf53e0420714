// The benchmark database of bench/timeseries.ts: the catalogue with SYNTHETIC observations (never
// the portal's data) under var/bench/, and a logged-in session for the export.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '@portal/db/dialect';
import { migrateToLatest } from '@portal/db/migrate';
import { SQLite } from '@portal/db/sqlite';
import { loadCatalog } from '@portal/importer';
import { ROOT_DIR } from '../../apps/server/src/config.ts';
import { hashToken } from '../../apps/server/src/plugins/session.ts';

export const DIR = join(ROOT_DIR, 'var/bench');
export const FILE = join(DIR, 'timeseries.db');
const DAYS = 20_000; // 1970-01-01 onwards
export const LOCATIONS = 50;

/** Builds the database at FILE and resolves with the token of its session. */
export async function buildDatabase(): Promise<string> {
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
  const variable = sqlite.prepare(
    `insert into variables (id, dataset_id, name, unit, period) values (?, 'bench', ?, 'mm', 'day')`,
  );
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
  sqlite
    .prepare(
      `insert into users values ('bench', 'bench@example.org', 'Bench', 'x', 'x', 'Kenya', 'benchmarking', 0, 0)`,
    )
    .run();
  sqlite.prepare('insert into sessions values (?, ?, 0, ?)').run(hashToken(token), 'bench', Date.now() + 3_600_000);
  sqlite.close();
  return token;
}
