import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../src/dialect.ts';

const KINDS = ['sector', 'source', 'variable', 'layer', 'dataset', 'place', 'feature'];

/**
 * The search index (ADR 0015): one row per thing the search box finds, with the words it is found
 * by (`terms`, lower-cased and without accents) and what its page needs. SQLite indexes the terms
 * with FTS5's trigram tokenizer (an external-content table over the rows); PostgreSQL with a GIN
 * trigram index of pg_trgm. The rows are written by `rebuildSearchIndex` after every catalogue
 * load and data import, so the table starts empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${sql.join(KINDS.map((k) => sql.lit(k)))})`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    // The id of the variable or location the row stands for, to pair a variable with a place.
    .addColumn('ref_id', 'integer')
    .addColumn('sector', 'text')
    .addColumn('source', 'text')
    .addColumn('layer', 'text')
    .addColumn('location', 'text')
    .addColumn('location_kind', 'text')
    .addColumn('first_ts', 'text')
    .addColumn('last_ts', 'text')
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .execute();
  if (isSqlite(db)) {
    await sql`create virtual table search_fts using fts5(terms, content='search_entries', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    return;
  }
  // Extensions belong to the whole database, not to a schema; concurrent migrations of several
  // schemas (the tests) would race to create it, so they take turns.
  await sql`select pg_advisory_xact_lock(hashtext('pg_trgm'))`.execute(db);
  await sql`create extension if not exists pg_trgm schema public`.execute(db);
  const schema = await trigramSchema(db);
  await sql`create index search_entries_terms_trgm on search_entries using gin (terms ${sql.raw(`${schema}.gin_trgm_ops`)})`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) await sql`drop table search_fts`.execute(db);
  await db.schema.dropTable('search_entries').execute();
}

/** The schema pg_trgm lives in (public unless an operator installed it elsewhere before). */
async function trigramSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{
    schema: string;
  }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
    db,
  );
  return `"${rows[0].schema.replace(/"/g, '""')}"`;
}
