import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../src/dialect.ts';

// SQLite only: prepared statements are kept by SQL text there (PostgreSQL's driver prepares itself).
describe('kept SQLite statements', () => {
  let handle: DbHandle | undefined;
  afterEach(() => handle?.destroy());

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
