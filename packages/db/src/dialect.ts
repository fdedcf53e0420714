import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, type LogEvent, PostgresDialect, SqliteAdapter, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { SQLite } from './sqlite.ts';

export type DialectName = 'sqlite' | 'postgres';

/** Connections each portal process keeps to PostgreSQL. */
export const POSTGRES_POOL_SIZE = 10;

export interface DbHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy: () => Promise<void>;
}

export interface OpenDbOptions {
  /** Told of every query with its duration (Kysely's `log`), e.g. for metrics; the database knows nothing of them. */
  log?: (event: LogEvent) => void;
  /** SQLite in memory only: start from this serialized database (better-sqlite3's `serialize()`), as tests copy a template. */
  image?: Buffer;
}

/** Which dialect a DATABASE_URL names: sqlite://path or postgres(ql)://... */
export function dialectOf(url: string): DialectName {
  if (url.startsWith('sqlite://')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  throw new Error(`unsupported database URL '${url}': use sqlite://path or postgres://...`);
}

/**
 * Opens the database a URL names. A relative sqlite path is taken from the current directory and
 * its folder is created; `sqlite://:memory:` gives a private in-memory database.
 * @example const { db, destroy } = openDb('sqlite://var/portal.db');
 */
export function openDb(url: string, options: OpenDbOptions = {}): DbHandle {
  const dialect = dialectOf(url);
  if (dialect === 'sqlite') {
    const path = url.slice('sqlite://'.length);
    const file = path === ':memory:' ? path : resolve(path);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    if (options.image && file !== ':memory:')
      throw new Error('a serialized SQLite image opens only in memory (sqlite://:memory:)');
    const database = options.image ? new SQLite(options.image) : new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log: options.log });
    return { db, dialect, destroy: () => db.destroy() };
  }
  // pg returns BIGINT (count(*)) as text; counts here fit easily in a JS number.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pool = new pg.Pool({ connectionString: url, max: POSTGRES_POOL_SIZE });
  // An idle connection that PostgreSQL ends (a restart, a terminated backend) is reported here; without
  // a listener the process would crash. The pool has already dropped it and connects anew when asked.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: options.log });
  return { db, dialect, destroy: () => db.destroy() };
}

/** Whether a Kysely instance talks to SQLite; for the few statements the dialects spell differently. */
export function isSqlite(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}
