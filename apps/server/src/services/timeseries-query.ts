import type { Kysely } from 'kysely';
import type { Database } from '@portal/db/database';
import {
  countObservations,
  findLocations,
  findVariables,
  iterateObservations,
  type NamedQuery,
  type ObservationFilter,
  selectObservations,
} from '@portal/db/queries/timeseries.queries';

export interface ResolvedVariable {
  name: string;
  unit: string;
  datasetId: string;
  /** How the portal made the values; null when they are the published ones. */
  derivation: string | null;
}

/** A query whose names were found: the filter to run and how to name what comes back. */
export interface ResolvedQuery {
  filter: ObservationFilter;
  variables: Map<number, ResolvedVariable>;
  locations: Map<number, string>;
}

/** Looks the query's names up; undefined when no named variable or no named location exists. */
export async function resolveQuery(db: Kysely<Database>, input: NamedQuery): Promise<ResolvedQuery | undefined> {
  const [variables, locations] = await Promise.all([
    findVariables(db, [...new Set(input.variables)], input.source),
    findLocations(db, [...new Set(input.locations)]),
  ]);
  if (!variables.length || !locations.length) return undefined;
  return {
    filter: { variables, locationIds: locations.map((l) => l.id), start: input.start, end: input.end },
    variables: new Map(variables.map((v) => [v.id, { name: v.name, unit: v.unit, datasetId: v.dataset_id, derivation: v.derivation }])),
    locations: new Map(locations.map((l) => [l.id, l.name])),
  };
}

export const countMatches = (db: Kysely<Database>, resolved: ResolvedQuery) => countObservations(db, resolved.filter);

/** One page of matching observations, by time, with names and units. */
export const pageOfObservations = (db: Kysely<Database>, resolved: ResolvedQuery, limit: number, offset = 0) =>
  selectObservations(db, resolved.filter, limit, offset);

const CSV_COLUMNS = ['timestamp', 'variable', 'value', 'unit', 'location', 'dataset'] as const;
export const CSV_HEADER = `${CSV_COLUMNS.join(',')}\n`;

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * CSV text of every matching observation, header first, one chunk per page. Names, units and
 * datasets are escaped once per query, and each row becomes its line directly: a million rows
 * then leave little garbage behind (timestamps are dates and values numbers, never escaped).
 */
export async function* observationsCsv(db: Kysely<Database>, resolved: ResolvedQuery): AsyncGenerator<string> {
  yield CSV_HEADER;
  const variables = new Map([...resolved.variables].map(([id, v]) => [id, { name: csvField(v.name), unit: csvField(v.unit), dataset: csvField(v.datasetId) }]));
  const locations = new Map([...resolved.locations].map(([id, name]) => [id, csvField(name)]));
  for await (const page of iterateObservations(db, resolved.filter)) {
    let chunk = '';
    for (const row of page) {
      const v = variables.get(row.variable_id)!;
      // In the order of CSV_COLUMNS.
      chunk += `${row.timestamp},${v.name},${row.value},${v.unit},${locations.get(row.location_id)},${v.dataset}\n`;
    }
    yield chunk;
  }
}
