import type { Insertable, Selectable } from 'kysely';

export type SearchKind = 'sector' | 'source' | 'variable' | 'layer' | 'dataset' | 'place' | 'feature';

/**
 * One thing the search box finds (ADR 0015), rebuilt from the catalogue and the data after each
 * load. Which columns are set depends on the kind: what the page it opens needs.
 */
export interface SearchEntriesTable {
  id: number;
  kind: SearchKind;
  title: string;
  subtitle: string;
  /** The words it is found by, lower-cased, without accents and punctuation. */
  terms: string;
  /** The variable's or location's id. */
  ref_id: number | null;
  /** Sector and source slugs of the page it opens (sector, source, variable, place). */
  sector: string | null;
  source: string | null;
  /** The dataset whose page it opens (dataset). */
  dataset: string | null;
  /** The layer whose map it opens (layer, feature). */
  layer: string | null;
  /** A place's name and kind (country, county, ...). */
  location: string | null;
  location_kind: string | null;
  /** A variable's first and last day (YYYY-MM-DD). */
  first_ts: string | null;
  last_ts: string | null;
  /** A map feature's position. */
  lat: number | null;
  lon: number | null;
}

export type SearchEntryRow = Selectable<SearchEntriesTable>;
export type NewSearchEntry = Insertable<SearchEntriesTable>;
