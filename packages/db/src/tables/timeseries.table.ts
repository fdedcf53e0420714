import type { Insertable, Selectable } from 'kysely';

/** Provenance of one imported file: every observation traces back to one of these. */
export interface DatasetsTable {
  id: string;
  title: string;
  publisher: string;
  licence: string;
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
}

export type Period = 'year' | 'month' | 'day';

export interface VariablesTable {
  id: number;
  source_id: string;
  dataset_id: string;
  name: string;
  unit: string;
  period: Period;
}

export type LocationKind = 'country' | 'county' | 'province' | 'sub-location' | 'place';

export interface LocationsTable {
  id: number;
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

export type DatasetRow = Selectable<DatasetsTable>;
export type VariableRow = Selectable<VariablesTable>;
export type LocationRow = Selectable<LocationsTable>;
export type NewDataset = Insertable<DatasetsTable>;
export type NewVariable = Insertable<VariablesTable>;
export type NewLocation = Insertable<LocationsTable>;
export type NewObservation = Insertable<ObservationsTable>;
