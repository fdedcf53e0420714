// Loaded with `node --import` into a server that bench/timeseries.ts starts only to learn which SQL a
// preview runs: every SQLite statement the server executes is appended to BENCH_SQL_LOG as a JSON
// line { sql, args, reader }. The timed servers run without it.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';

const log = process.env.BENCH_SQL_LOG;
if (!log) throw new Error('BENCH_SQL_LOG names no file');
// The driver of the tree the server runs from, which may be another checkout than this file's: on
// Node 22 and later the tree's better-sqlite3 13 where it has one (packages/db/src/sqlite.ts).
const treeRequire = createRequire(join(process.cwd(), 'package.json'));
const newer = Number(process.versions.node.split('.')[0]) >= 22 ? tryRequire('better-sqlite3-13') : undefined;
const Driver = newer ?? (treeRequire('better-sqlite3') as typeof SQLite);

function tryRequire(name: string): typeof SQLite | undefined {
  try {
    return treeRequire(name) as typeof SQLite;
  } catch {
    return undefined;
  }
}
type Run = (this: SQLite.Statement, ...args: unknown[]) => unknown;
const statementPrototype = Object.getPrototypeOf(new Driver(':memory:').prepare('select 1')) as Record<string, Run>;
for (const method of ['all', 'get', 'iterate', 'run']) {
  const original = statementPrototype[method];
  statementPrototype[method] = function (this: SQLite.Statement, ...args: unknown[]) {
    appendFileSync(log, `${JSON.stringify({ sql: this.source, args, reader: this.reader })}\n`);
    return original.apply(this, args);
  };
}
