import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.ts';
import { isSqlite } from '../dialect.ts';
import { coverage } from '../periods.ts';
import { fitOf, normalize, tokenFit, wordsOf } from '../search-score.ts';
import type { NewSearchEntry, SearchEntryRow, SearchKind } from '../tables/search.table.ts';

type Db = Kysely<Database>;

/** A named point of a vector layer (a dam, a power plant, an airport), read from the layer's file. */
export interface SearchFeature {
  layer: string;
  name: string;
  lat: number;
  lon: number;
}

const BATCH = 500;

/**
 * Writes the search index anew from the catalogue and the data in the database, plus the named
 * features of the map layers (read from their files by the caller). Runs after every catalogue
 * load and data import, so the index follows the data; a few thousand rows, well under a second.
 */
export async function rebuildSearchIndex(db: Db, features: SearchFeature[]): Promise<number> {
  const entries = await collectEntries(db, features);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('search_entries').execute();
    for (let i = 0; i < entries.length; i += BATCH) {
      await trx
        .insertInto('search_entries')
        .values(entries.slice(i, i + BATCH).map((entry, j) => ({ ...entry, id: i + j + 1 })))
        .execute();
    }
    // The FTS5 table holds only the index of the rows' terms; PostgreSQL's GIN index follows by itself.
    if (isSqlite(trx)) await sql`insert into search_fts(search_fts) values ('rebuild')`.execute(trx);
  });
  return entries.length;
}

/** A variable result's second line: its unit, then the sector and source that hold it. */
export const variableSubtitle = (unit: string, sectorTitle: string, sourceTitle: string): string =>
  `${unit} · ${sectorTitle} / ${sourceTitle}`;

/** The units of the variables with these ids. */
export async function variableUnits(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('variables').select(['id', 'unit']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.unit]));
}

type Entry = Omit<NewSearchEntry, 'id'>;
const blank = {
  ref_id: null,
  sector: null,
  source: null,
  dataset: null,
  layer: null,
  location: null,
  location_kind: null,
  first_ts: null,
  last_ts: null,
  lat: null,
  lon: null,
} as const;
const termsOf = (...texts: (string | null)[]) => normalize(texts.filter(Boolean).join(' '));

async function collectEntries(db: Db, features: SearchFeature[]): Promise<Entry[]> {
  const sectors = await db
    .selectFrom('sectors')
    .select(['slug', 'title', 'description', 'title_sw'])
    .orderBy('position')
    .execute();
  const sources = await db
    .selectFrom('sources')
    .innerJoin('sectors', 'sectors.slug', 'sources.sector_slug')
    .select([
      'sources.id',
      'sources.slug',
      'sources.sector_slug',
      'sources.title',
      'sectors.title as sector_title',
      'sources.title_sw',
      'sectors.title_sw as sector_title_sw',
    ])
    .orderBy('sectors.position')
    .orderBy('sources.position')
    .execute();
  const sourceById = new Map(sources.map((s) => [s.id, s]));
  const sourceOrder = new Map(sources.map((s, i) => [s.id, i]));
  const sourceLinks = await db.selectFrom('variable_sources').select(['variable_id', 'source_id']).execute();
  // A variable listed by several sources opens the first in catalogue order.
  const firstSource = new Map<number, string>();
  for (const { variable_id, source_id } of sourceLinks) {
    const known = firstSource.get(variable_id);
    if (known === undefined || sourceOrder.get(source_id)! < sourceOrder.get(known)!)
      firstSource.set(variable_id, source_id);
  }
  const variables = await db
    .selectFrom('variables')
    .select(['id', 'name', 'unit', 'period', 'code', 'first_ts', 'last_ts'])
    .orderBy('id')
    .execute();
  const entries: Entry[] = [];

  // Sectors and sources are found by their Swahili titles too; the answer shows the reader's language.
  for (const s of sectors)
    entries.push({
      ...blank,
      kind: 'sector',
      title: s.title,
      subtitle: s.description,
      terms: termsOf(s.title, s.title_sw),
      sector: s.slug,
    });
  for (const s of sources) {
    entries.push({
      ...blank,
      kind: 'source',
      title: s.title,
      subtitle: s.sector_title,
      terms: termsOf(s.title, s.sector_title, s.title_sw, s.sector_title_sw),
      sector: s.sector_slug,
      source: s.slug,
    });
  }
  for (const v of variables) {
    const source = sourceById.get(firstSource.get(v.id) ?? '');
    if (!source) continue;
    const span = coverage(v.period, v.first_ts, v.last_ts);
    entries.push({
      ...blank,
      kind: 'variable',
      title: v.name,
      subtitle: variableSubtitle(v.unit, source.sector_title, source.title),
      terms: termsOf(v.name, v.code),
      ref_id: v.id,
      sector: source.sector_slug,
      source: source.slug,
      first_ts: span.first,
      last_ts: span.last,
    });
  }
  const layers = await db.selectFrom('layers').select(['name', 'publisher']).orderBy('position').execute();
  for (const l of layers)
    entries.push({
      ...blank,
      kind: 'layer',
      title: l.name,
      subtitle: l.publisher,
      terms: termsOf(l.name),
      layer: l.name,
    });
  for (const f of features) {
    entries.push({
      ...blank,
      kind: 'feature',
      title: f.name,
      subtitle: f.layer,
      terms: termsOf(f.name, f.layer),
      layer: f.layer,
      lat: f.lat,
      lon: f.lon,
    });
  }
  const datasets = await db.selectFrom('datasets').select(['id', 'title', 'publisher']).orderBy('id').execute();
  // Every dataset has a page of its own, listed by a source or not.
  for (const d of datasets) {
    entries.push({
      ...blank,
      kind: 'dataset',
      title: d.title,
      subtitle: d.publisher,
      terms: termsOf(d.title, d.publisher),
      dataset: d.id,
    });
  }
  entries.push(...(await placeEntries(db, firstSource, sourceById, sourceOrder)));
  return entries;
}

/** Every location but an energy model's entities, opening the first source with data there. */
async function placeEntries(
  db: Db,
  firstSource: Map<number, string>,
  sourceById: Map<string, { slug: string; sector_slug: string }>,
  sourceOrder: Map<string, number>,
): Promise<Entry[]> {
  const pairs = await db.selectFrom('observations').select(['variable_id', 'location_id']).distinct().execute();
  const placeSource = new Map<number, string>();
  for (const { variable_id, location_id } of pairs) {
    const source = firstSource.get(variable_id);
    const known = placeSource.get(location_id);
    if (source !== undefined && (known === undefined || sourceOrder.get(source)! < sourceOrder.get(known)!))
      placeSource.set(location_id, source);
  }
  const locations = await db
    .selectFrom('locations')
    .select(['id', 'name', 'kind'])
    .where('kind', '!=', 'model-entity')
    .orderBy('id')
    .execute();
  return locations.flatMap((l) => {
    const source = sourceById.get(placeSource.get(l.id) ?? '');
    if (!source) return [];
    return [
      {
        ...blank,
        kind: 'place' as const,
        title: l.name,
        subtitle: '',
        terms: termsOf(l.name),
        ref_id: l.id,
        location: l.name,
        location_kind: l.kind,
        sector: source.sector_slug,
        source: source.slug,
      },
    ];
  });
}

/** A result: an index entry, its score, and for a variable found with a place, that place. */
export interface SearchHit extends SearchEntryRow {
  score: number;
  place: string | null;
}

/** Candidates taken per query word before ranking. */
const CANDIDATES = 100;

/**
 * Finds entries for a query: the database's own trigram index gives candidates per word (FTS5's
 * trigram tokenizer, pg_trgm), `fitOf` ranks them, and a variable whose words and a place whose
 * words make up the query together ("rainfal turkan") become one result of both when the variable
 * has data there. Results come grouped by kind, the group of the best result first.
 */
export async function searchIndex(
  db: Db,
  query: string,
  options: { kind?: SearchKind; limit: number },
): Promise<SearchHit[]> {
  const tokens = [...new Set(wordsOf(query))];
  if (!tokens.length) return [];
  const candidates = new Map<number, SearchEntryRow>();
  for (const token of tokens) for (const row of await candidatesFor(db, token)) candidates.set(row.id, row);

  const scored: SearchHit[] = [];
  for (const row of candidates.values()) {
    const fit = fitOf(tokens, row.terms.split(' '), wordsOf(row.title));
    // Entries that explain under half of the query are noise.
    if (fit.matched.filter(Boolean).length * 2 < tokens.length) continue;
    scored.push({ ...row, score: fit.score + KIND_BONUS[row.kind], place: null });
  }
  if (tokens.length > 1) scored.push(...(await variablesAtPlaces(db, tokens, [...candidates.values()])));
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
    return trx
      .selectFrom('search_entries')
      .selectAll()
      .where(sql<boolean>`${token} operator(${sql.raw(schema)}.<%) terms`)
      .orderBy(sql`${sql.raw(schema)}.word_similarity(${token}, terms)`, 'desc')
      .limit(CANDIDATES)
      .execute();
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
async function variablesAtPlaces(db: Db, tokens: string[], candidates: SearchEntryRow[]): Promise<SearchHit[]> {
  const places = candidates
    .filter((row) => row.kind === 'place')
    .map((row) => {
      const words = row.terms.split(' ');
      const fits = tokens.map((t) => tokenFit(t, words));
      return { row, fits, taken: fits.map((f) => f >= 0.7) };
    })
    .filter((p) => p.taken.some(Boolean) && !p.taken.every(Boolean))
    .sort((a, b) => sum(b.fits) - sum(a.fits))
    .slice(0, 3);
  const pairs: SearchHit[] = [];
  for (const place of places) {
    const rest = tokens.filter((_, i) => !place.taken[i]);
    const placeFit = sum(place.fits.filter((_, i) => place.taken[i]));
    const variables = candidates
      .filter((row) => row.kind === 'variable')
      .map((row) => ({ row, fit: fitOf(rest, row.terms.split(' '), wordsOf(row.title)) }))
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
      // Both parts weighed by their share of the query, and a bonus for explaining all of it.
      const score = (fit.score * rest.length + placeFit) / tokens.length + KIND_BONUS.variable + 0.1;
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

/** Whether the search index holds anything (a database migrated to it starts with it empty). */
export async function searchIndexFilled(db: Db): Promise<boolean> {
  return (await db.selectFrom('search_entries').select('id').limit(1).executeTakeFirst()) !== undefined;
}
