import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '@portal/db/database';
import { openDb } from '@portal/db/dialect';
import { migrateToLatest } from '@portal/db/migrate';
import { createScratchDatabase, postgresReachable } from '@portal/db/testing';
import { importData, loadCatalog } from '@portal/importer';
import { ROOT_DIR } from '../src/config.ts';

const DATASETS = ['census-2019-land-area', 'wdi-kenya'];
const work = mkdtempSync(join(tmpdir(), 'portal-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs one of the portal's npm scripts as an operator would, on the database `url` names. */
const npmRun = (script: string, url: string, file: string) =>
  execFileSync('npm', ['run', '--silent', script, '--', file], {
    cwd: ROOT_DIR,
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
    timeout: 120_000,
  });

/** Row counts of the main tables and the first values, to compare a database before and after. */
async function snapshot(url: string) {
  const { db, destroy } = openDb(url);
  try {
    const count = async (table: keyof Database) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      observations: await count('observations'),
      variables: await count('variables'),
      datasets: await count('datasets'),
      locations: await count('locations'),
      sample: await db
        .selectFrom('observations')
        .selectAll()
        .orderBy('variable_id')
        .orderBy('location_id')
        .orderBy('ts')
        .limit(50)
        .execute(),
    };
  } finally {
    await destroy();
  }
}

async function loadSome(url: string) {
  const { db, destroy } = openDb(url);
  try {
    await migrateToLatest(db);
    await loadCatalog(db);
    await importData(db, { only: DATASETS });
  } finally {
    await destroy();
  }
}

/** Deletes what a bad day would: one dataset's values. */
async function loseData(url: string) {
  const { db, destroy } = openDb(url);
  try {
    await db
      .deleteFrom('observations')
      .where('variable_id', 'in', db.selectFrom('variables').select('id').where('dataset_id', '=', 'wdi-kenya'))
      .execute();
  } finally {
    await destroy();
  }
}

async function roundTrip(url: string, file: string) {
  await loadSome(url);
  const before = await snapshot(url);
  expect(before.observations).toBeGreaterThan(100);
  expect(npmRun('db:backup', url, file)).toContain(`backup written to ${file}`);
  await loseData(url);
  expect((await snapshot(url)).observations).toBeLessThan(before.observations);
  expect(npmRun('db:restore', url, file)).toContain(`database restored from ${file}`);
  expect(await snapshot(url)).toEqual(before);
}

const postgres = await postgresReachable();
if (!postgres) console.warn('PostgreSQL is not reachable at the test URL: its backup round trip is skipped.');

describe('db:backup and db:restore', () => {
  it('round-trips a SQLite database: counts and values come back after a loss', async () => {
    await roundTrip(`sqlite://${join(work, 'portal.db')}`, join(work, 'backup.sqlite'));
  }, 240_000);

  it.skipIf(!postgres)(
    'round-trips a PostgreSQL database with pg_dump and pg_restore',
    async () => {
      const scratch = await createScratchDatabase();
      try {
        await roundTrip(scratch.url, join(work, 'backup.dump'));
      } finally {
        await scratch.drop();
      }
    },
    240_000,
  );
});
