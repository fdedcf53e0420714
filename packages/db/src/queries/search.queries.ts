// Reading the search index (ADR 0015, its cost bounded by ADR 0033). Writing it is search-index.queries.ts.
import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.ts';
import { isSqlite } from '../dialect.ts';
import { fitOf, type Named, tokenFit, wordsOf } from '../search-score.ts';
import type { SearchEntryRow, SearchKind } from '../tables/search.table.ts';

type Db = Kysely<Database>;

/** A variable result's second line: its unit, then the sector and source that hold it. */
export const variableSubtitle = (unit: string, sectorTitle: string, sourceTitle: string): string =>
  `${unit} · ${sectorTitle} / ${sourceTitle}`;

/** The units of the variables with these ids. */
export async function variableUnits(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('variables').select(['id', 'unit']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.unit]));
}

/** A result: an index entry, its score, and for a variable found with a place, that place. */
export interface SearchHit extends SearchEntryRow {
  score: number;
  place: string | null;
}

/** Candidates taken per query word before ranking. */
const CANDIDATES = 100;
/** Candidates ranked on one turn of the event loop: a few milliseconds of work. */
const SCORED_PER_TURN = 100;

/**
 * A query as search reads it: `searchWords` of `@portal/contract/search-words`, which chooses the
 * words to look up (not years or common words) and the English words of the terms it names in
 * another language.
 */
export interface QueryWords extends Named {
  /** The words to look up, each at a cost (ADR 0033). */
  words: readonly string[];
}

/** A result that explains every word looked up comes before any that explains some. */
const ALL_WORDS = 1;

/**
 * Finds entries for a query: the database's own trigram index gives at most CANDIDATES per word
 * looked up (FTS5's trigram tokenizer, pg_trgm; years and common words are not, ADR 0038; the API
 * bounds the words, so a search's cost is bounded too, ADR 0033), `fitOf` ranks them, and a
 * variable whose words and a place whose words make up the query together ("rainfal turkan")
 * become one result of both when the variable has data there. Results come grouped by kind, the
 * group of the best result first.
 */
export async function searchIndex(
  db: Db,
  query: QueryWords,
  options: { kind?: SearchKind; limit: number },
): Promise<SearchHit[]> {
  const tokens = [...new Set(query.words.flatMap(wordsOf))];
  if (!tokens.length) return [];
  const named = { typed: query.typed.flatMap(wordsOf), translated: query.translated };
  const candidates = new Map<number, SearchEntryRow>();
  for (const token of tokens) {
    // One word's look-up at a time, each on a turn of the event loop of its own: SQLite reads on
    // this thread, and a query of many words would otherwise hold it for all of them.
    await nextTurnOfTheLoop();
    for (const row of await candidatesFor(db, token)) candidates.set(row.id, row);
  }

  const scored: SearchHit[] = [];
  const rows = [...candidates.values()];
  for (const [i, row] of rows.entries()) {
    // Ranking compares every word of the query with every word of a candidate: a turn per slice of them.
    if (i > 0 && i % SCORED_PER_TURN === 0) await nextTurnOfTheLoop();
    const fit = fitOf(tokens, row.terms.split(' '), wordsOf(row.title), named);
    const explained = fit.matched.filter(Boolean).length;
    // Entries that explain under half of the query are noise.
    if (explained * 2 < tokens.length) continue;
    const all = explained === tokens.length ? ALL_WORDS : 0;
    scored.push({ ...row, score: fit.score + KIND_BONUS[row.kind] + all, place: null });
  }
  if (tokens.length > 1) scored.push(...(await variablesAtPlaces(db, tokens, named, [...candidates.values()])));
  const chosen = scored
    .filter((hit) => !options.kind || hit.kind === options.kind)
    .sort((a, b) => b.score - a.score || a.title.length - b.title.length || a.id - b.id)
    .slice(0, options.limit);
  return groupByKind(chosen);
}

/** A little order between kinds that fit equally: the broader the thing, the earlier. */
const KIND_BONUS: Record<SearchKind, number> = {
  sector: 0.05,
  source: 0.04,
  layer: 0.04,
  place: 0.03,
  variable: 0.02,
  feature: 0.01,
  dataset: 0,
};

async function candidatesFor(db: Db, token: string): Promise<SearchEntryRow[]> {
  const base = db.selectFrom('search_entries').selectAll();
  // Trigram indexes cannot look up one or two letters: those match the start of a word.
  if (token.length < 3) {
    return base
      .where((eb) => eb.or([eb('terms', 'like', `${token}%`), eb('terms', 'like', `% ${token}%`)]))
      .orderBy('id')
      .limit(CANDIDATES)
      .execute();
  }
  if (isSqlite(db)) {
    // Any trigram of the word may match, so a typo still finds the entry; bm25 puts those sharing most first.
    const grams = [...new Set(Array.from({ length: token.length - 2 }, (_, i) => token.slice(i, i + 3)))];
    const match = grams.map((g) => `"${g}"`).join(' OR ');
    return base
      .where(
        'id',
        'in',
        sql<number>`(select rowid from search_fts where search_fts match ${match} order by rank limit ${CANDIDATES})`,
      )
      .execute();
  }
  const schema = await trigramSchema(db);
  return db.transaction().execute(async (trx) => {
    // Looser than pg_trgm's default (0.6), so one wrong letter in a short word still finds it.
    await sql`set local pg_trgm.word_similarity_threshold = 0.3`.execute(trx);
    return (
      trx
        .selectFrom('search_entries')
        .selectAll()
        .where(sql<boolean>`${token} operator(${sql.raw(schema)}.<%) terms`)
        .orderBy(sql`${sql.raw(schema)}.word_similarity(${token}, terms)`, 'desc')
        // Equally similar entries in one order on every run, as SQLite's rank then rowid gives them.
        .orderBy('id')
        .limit(CANDIDATES)
        .execute()
    );
  });
}

const trigramSchemas = new WeakMap<object, Promise<string>>();

/** The schema pg_trgm was installed in (the migration puts it in public when absent), quoted. */
function trigramSchema(db: Db): Promise<string> {
  const executor = db.getExecutor();
  let schema = trigramSchemas.get(executor.adapter);
  if (!schema) {
    schema = sql<{
      schema: string;
    }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`
      .execute(db)
      .then(({ rows }) => `"${rows[0].schema.replace(/"/g, '""')}"`);
    trigramSchemas.set(executor.adapter, schema);
  }
  return schema;
}

/**
 * Variables paired with a place: the query words a place's name takes (each fitting well) and the
 * rest, all found in the variable's words. Kept only where the variable has data for the place.
 */
async function variablesAtPlaces(
  db: Db,
  tokens: string[],
  named: Named,
  candidates: SearchEntryRow[],
): Promise<SearchHit[]> {
  const places = candidates
    .filter((row) => row.kind === 'place')
    .map((row) => {
      const words = row.terms.split(' ');
      const fits = tokens.map((t) => tokenFit(t, words));
      return { row, fits, taken: fits.map((f) => f >= 0.7) };
    })
    .filter((p) => p.taken.some(Boolean) && !p.taken.every(Boolean))
    // Of places the query names as well, the one named by fewest other words: 'Turkana' before 'Turkana West'.
    .sort((a, b) => sum(b.fits) - sum(a.fits) || wordsOf(a.row.title).length - wordsOf(b.row.title).length)
    .slice(0, 3);
  const pairs: SearchHit[] = [];
  for (const place of places) {
    await nextTurnOfTheLoop();
    const rest = tokens.filter((_, i) => !place.taken[i]);
    // The query less the place's words, for how much of a variable's title it names.
    const restNamed = { ...named, typed: named.typed.filter((word) => rest.includes(word) || !tokens.includes(word)) };
    const placeFit = sum(place.fits.filter((_, i) => place.taken[i]));
    const variables = candidates
      .filter((row) => row.kind === 'variable')
      .map((row) => ({ row, fit: fitOf(rest, row.terms.split(' '), wordsOf(row.title), restNamed) }))
      .filter(({ fit }) => fit.matched.every(Boolean))
      .sort((a, b) => b.fit.score - a.fit.score)
      .slice(0, 40);
    if (!variables.length) continue;
    // One look-up per place: the observations' primary key starts with (variable, location).
    const withData = new Set(
      (
        await db
          .selectFrom('observations')
          .select('variable_id')
          .distinct()
          .where('location_id', '=', place.row.ref_id!)
          .where(
            'variable_id',
            'in',
            variables.map(({ row }) => row.ref_id!),
          )
          .execute()
      ).map((o) => o.variable_id),
    );
    for (const { row, fit } of variables.filter(({ row }) => withData.has(row.ref_id!)).slice(0, 5)) {
      // Both parts weighed by their share of the query; together they explain all of it, and a
      // variable at a place is what such a query most often means.
      const score = (fit.score * rest.length + placeFit) / tokens.length + KIND_BONUS.variable + ALL_WORDS + 0.1;
      pairs.push({ ...row, score, place: place.row.location });
    }
  }
  return pairs;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Results of one kind together, the kinds in the order of their best result. */
function groupByKind(hits: SearchHit[]): SearchHit[] {
  const order = [...new Set(hits.map((h) => h.kind))];
  return order.flatMap((kind) => hits.filter((h) => h.kind === kind));
}
