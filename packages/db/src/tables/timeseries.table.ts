import type { Generated, Insertable, Selectable } from 'kysely';

/** Provenance of one imported file: every observation traces back to one of these. */
export interface DatasetsTable {
  id: string;
  title: string;
  publisher: string;
  licence: string;
  /** The licence as an SPDX identifier, or 'other' when SPDX lists none for it; null for a dataset not loaded since this was kept. */
  licence_id: string | null;
  citation: string;
  source_url: string;
  /** Path of the file under data/raw. */
  file: string;
  /** Date (YYYY-MM-DD) the file was retrieved from its publisher. */
  retrieved: string;
  /** SHA-256 of the file and its manifest as last loaded; an unchanged pair is not reloaded. */
  checksum: string;
  rows_loaded: number;
  rows_rejected: number;
  loaded_at: number;
  /** How the portal prepared the file beyond reading it (filters, reassigned places); null when it did nothing more. */
  notes: string | null;
  /** The checksum of the load `dataset_rows` numbers; another than `checksum` when those numbers are stale. */
  ordinals_checksum: string | null;
}

/** One load of a dataset, with what changed against the load before it (ADR 0017). */
export interface DatasetVersionsTable {
  dataset_id: string;
  /** 1 for the dataset's first load, then one more for each reload. */
  number: number;
  /** The first 12 hex digits of the checksum (contract `datasetVersion`). */
  version: string;
  checksum: string;
  loaded_at: number;
  /** Observations the load wrote. */
  value_count: number;
  /** Values new, gone and different against the previous load; null for a first load. */
  added: number | null;
  removed: number | null;
  changed: number | null;
  /** First and last date (YYYY-MM-DD) of a value added, removed or changed; null when none was. */
  first_changed: string | null;
  last_changed: string | null;
}

/**
 * How long a value holds. 'normal' is a climate normal: the mean of one calendar month over a
 * 30-year reference period, dated at that month of the period's first year.
 */
export type Period = 'year' | 'month' | 'day' | 'normal';

/** One series by name (names are unique across the portal); `variable_sources` lists the sources that offer it. */
export interface VariablesTable {
  /** Assigned by the database; kept across reloads while the name stays. */
  id: Generated<number>;
  dataset_id: string;
  name: string;
  unit: string;
  period: Period;
  /** What the number measures, in words. */
  definition: string | null;
  /** The series' code at its publisher (a World Bank indicator, a census table). */
  code: string | null;
  /** How the portal made the value from the published ones; null when it is the published value. */
  derivation: string | null;
  /** Dates of the first and last observation (null: none), written by whoever writes the observations. */
  first_ts: string | null;
  last_ts: string | null;
  /** Place among the landing page's figures; null: not one of them. */
  highlight_order: number | null;
  /** The location that figure shows; null: the median of the counties with a value. */
  highlight_location: string | null;
  /** Topic of a county profile headline (contract `HEADLINE_TOPICS`); null: not a headline. */
  headline_topic: string | null;
  /** Place among all county headlines. */
  headline_order: number | null;
  /** Key of the catalogue text ('caveat.*') telling it from a figure it may be taken for; null: none. */
  caveat: string | null;
}

export interface VariableSourcesTable {
  variable_id: number;
  source_id: string;
}

/** 'model-entity': a technology, commodity or storage of an energy system model. */
export type LocationKind = 'country' | 'county' | 'province' | 'sub-location' | 'place' | 'model-entity';

export interface LocationsTable {
  /** Assigned by the database. */
  id: Generated<number>;
  /** One canonical spelling (the 47 official county names, 'Kenya', ...). */
  name: string;
  kind: LocationKind;
  county_code: number | null;
}

export interface ObservationsTable {
  variable_id: number;
  location_id: number;
  /** Date (YYYY-MM-DD) of the period's start: 1 January for a year, the 1st for a month. */
  ts: string;
  value: number;
}

/**
 * A dataset's rows numbered 1, 2, 3... in the order its pages list them (date, variable name, place
 * name), written at import, so a page is a range of ordinals (ADR 0033).
 */
export interface DatasetRowsTable {
  dataset_id: string;
  ordinal: number;
  variable_id: number;
  location_id: number;
  ts: string;
}

export type DatasetRow = Selectable<DatasetsTable>;
export type DatasetVersionRow = Selectable<DatasetVersionsTable>;
export type NewDatasetVersion = Insertable<DatasetVersionsTable>;
export type VariableRow = Selectable<VariablesTable>;
export type LocationRow = Selectable<LocationsTable>;
export type NewDataset = Insertable<DatasetsTable>;
export type NewVariable = Insertable<VariablesTable>;
export type NewLocation = Insertable<LocationsTable>;
export type NewObservation = Insertable<ObservationsTable>;
