import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import { isSqlite, POSTGRES_POOL_SIZE } from '@portal/db/dialect';

/**
 * Runs the heavy reads (previews, exports, pages of observations) a few at a time, each starting on
 * a turn of the event loop of its own. Without it, requests that arrive together run back to back in
 * one turn (better-sqlite3 blocks while it reads; the cost cap bounds each read, not their sum) and
 * every other request, a health check included, waits for all of them (bench/load.ts measures it).
 */
export interface ReadGate {
  <T>(read: () => Promise<T>): Promise<T>;
  /** Reads running and waiting now, for the metrics. */
  counts: () => { running: number; waiting: number };
}

/** One read at a time on SQLite (they run on this thread anyway); as many as the pool has connections on PostgreSQL. */
export function readGate(db: Pick<Kysely<unknown>, 'getExecutor'>): ReadGate {
  const limit = pLimit(isSqlite(db) ? 1 : POSTGRES_POOL_SIZE);
  const gate = <T>(read: () => Promise<T>) =>
    limit(async () => {
      await nextTurnOfTheLoop();
      return read();
    });
  return Object.assign(gate, { counts: () => ({ running: limit.activeCount, waiting: limit.pendingCount }) });
}
