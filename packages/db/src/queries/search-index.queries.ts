// Writing the search index (ADR 0015): every catalogue load and data import rebuilds it from the
// database and the map layers' named features. Reading it is search.queries.ts.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.ts';
import { isSqlite } from '../dialect.ts';
import { coverage } from '../periods.ts';
import { normalize } from '../search-score.ts';
import type { NewSearchEntry } from '../tables/search.table.ts';
import { variableSubtitle } from './search.queries.ts';

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
 * The names in other languages of the terms an entry's words (normalized) name, written beside
 * them: the search glossary (ADR 0038), `translatedTerms` of `@portal/contract/search-words`.
 */
export type TranslateTerms = (terms: string) => string[];

/**
 * Writes the search index anew from the catalogue and the data in the database, plus the named
 * features of the map layers (read from their files by the caller). Runs after every catalogue
 * load and data import, so the index follows the data; a few thousand rows, well under a second.
 */
export async function rebuildSearchIndex(
  db: Db,
  features: SearchFeature[],
  translate: TranslateTerms,
): Promise<number> {
  const entries = await collectEntries(db, features, translate);
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
type TermsOf = (...texts: (string | null)[]) => string;

async function collectEntries(db: Db, features: SearchFeature[], translate: TranslateTerms): Promise<Entry[]> {
  /** An entry's words, and beside them the names in other languages of the terms among them. */
  const termsOf: TermsOf = (...texts) => {
    const terms = normalize(texts.filter(Boolean).join(' '));
    return [terms, ...translate(terms)].join(' ');
  };
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
      // A point is found by its name and its layer's, not by the glossary: words such as "umeme"
      // would otherwise name thousands of points and crowd the index's answer for them.
      terms: normalize(`${f.name} ${f.layer}`),
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
  entries.push(...(await placeEntries(db, termsOf, firstSource, sourceById, sourceOrder)));
  return entries;
}

/** Every location but an energy model's entities, opening the first source with data there. */
async function placeEntries(
  db: Db,
  termsOf: TermsOf,
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

/** Whether the search index holds anything (a database migrated to it starts with it empty). */
export async function searchIndexFilled(db: Db): Promise<boolean> {
  return (await db.selectFrom('search_entries').select('id').limit(1).executeTakeFirst()) !== undefined;
}
