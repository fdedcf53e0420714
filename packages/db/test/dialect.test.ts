import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DbHandle, openDb } from '../src/dialect.ts';

// SQLite only: prepared statements are kept by SQL text there (PostgreSQL's driver prepares itself).
describe('kept SQLite statements', () => {
  let handle: DbHandle | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await handle?.destroy();
  });

  it('prepare a query once however often it runs', async () => {
    const prepare = vi.spyOn(SQLite.prototype, 'prepare');
    handle = openDb('sqlite://:memory:');
    const { db } = handle;
    await sql`create table t (a integer)`.execute(db);
    prepare.mockClear();
    for (let a = 0; a < 5; a++) await sql`select a from t where a = ${a}`.execute(db);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('see a schema change made after they were first run', async () => {
    handle = openDb('sqlite://:memory:');
    const { db } = handle;
    await sql`create table t (a integer)`.execute(db);
    await sql`insert into t values (1)`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ a: 1 }]);
    await sql`alter table t add column b text default 'x'`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ a: 1, b: 'x' }]);
  });
});
