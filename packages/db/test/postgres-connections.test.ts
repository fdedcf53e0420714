import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openDb } from '../src/dialect.ts';
import { postgresReachable, TEST_POSTGRES_URL } from '../src/testing.ts';

const reachable = await postgresReachable();

describe.skipIf(!reachable)('PostgreSQL connections', () => {
  it('survive the server ending an idle one: the process goes on and the next query connects anew', async () => {
    // The pool's 'error' event is how the idle connection hears of its end (openDb listens for it).
    const emit = vi.spyOn(pg.Pool.prototype, 'emit');
    const { db, destroy } = openDb(TEST_POSTGRES_URL);
    const backend = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0].pid;
    try {
      const pid = await backend();
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]).finally(() => admin.end());
      // Heard by the pool; unheard by openDb's listener, it would be an uncaught error failing this run.
      await vi.waitFor(() => expect(emit.mock.calls.map(([event]) => event)).toContain('error'), {
        timeout: 20_000,
        interval: 20,
      });
      expect(await backend()).not.toBe(pid);
    } finally {
      await destroy();
    }
  });
});
