import type { Kysely } from 'kysely';
import type { MessageKey } from '@portal/contract/messages';
import type { Database } from '@portal/db/database';
import { PERIODS } from '@portal/db/periods';
import { datasetLocations, datasetVariables } from '@portal/db/queries/datasets.queries';
import {
  countObservations,
  findLocations,
  findVariables,
  iterateObservations,
  type NamedQuery,
  type ObservationFilter,
  selectObservations,
} from '@portal/db/queries/timeseries.queries';
import type { Period } from '@portal/db/tables/timeseries.table';

export interface ResolvedVariable {
  name: string;
  unit: string;
  datasetId: string;
  /** How the portal made the values; null when they are the published ones. */
  derivation: string | null;
  period: Period;
  /** First and last stored dates; null when the variable has no value. */
  first: string | null;
  last: string | null;
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
  return resolved(variables, locations, input.start, input.end);
}

/**
 * All of one dataset as a query: its variables at every place and date it has values for, over
 * the dates they span. Undefined when it holds no value.
 */
export async function resolveDataset(db: Kysely<Database>, datasetId: string): Promise<ResolvedQuery | undefined> {
  const [variables, locations] = await Promise.all([datasetVariables(db, datasetId), datasetLocations(db, datasetId)]);
  const dated = variables.filter((v) => v.first_ts !== null && v.last_ts !== null);
  if (!dated.length || !locations.length) return undefined;
  const start = dated.reduce((first, v) => (v.first_ts! < first ? v.first_ts! : first), dated[0].first_ts!);
  const end = dated.reduce((last, v) => (v.last_ts! > last ? v.last_ts! : last), dated[0].last_ts!);
  return resolved(dated, locations, start, end);
}

type FoundVariable = ObservationFilter['variables'][number] & {
  name: string;
  unit: string;
  dataset_id: string;
  derivation: string | null;
  first_ts: string | null;
  last_ts: string | null;
};

function resolved(
  variables: FoundVariable[],
  locations: { id: number; name: string }[],
  start: string,
  end: string,
): ResolvedQuery {
  return {
    filter: {
      variables: variables.map((v) => ({ id: v.id, period: v.period })),
      locationIds: locations.map((l) => l.id),
      start,
      end,
    },
    variables: new Map(
      variables.map((v) => [
        v.id,
        {
          name: v.name,
          unit: v.unit,
          datasetId: v.dataset_id,
          derivation: v.derivation,
          period: v.period,
          first: v.first_ts,
          last: v.last_ts,
        },
      ]),
    ),
    locations: new Map(locations.map((l) => [l.id, l.name])),
  };
}

/**
 * Cells one query may ask for unless configured otherwise (QUERY_MAX_CELLS): twice the largest query
 * the timeseries page can build today (ADR 0022).
 */
export const DEFAULT_QUERY_MAX_CELLS = 500_000;

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The most values a query can match: for each variable, the periods it has stored dates for
 * within the range, times the locations. Read from the catalogue alone, so a query too large to
 * run is refused before the database counts or reads a row.
 */
export function estimateCells(resolved: ResolvedQuery): { cells: number; periods: number } {
  let periods = 0;
  let sum = 0;
  for (const v of resolved.variables.values()) {
    if (v.first === null || v.last === null) continue;
    const rule = PERIODS[v.period];
    const first = later(rule.from(resolved.filter.start), v.first);
    const last = earlier(rule.to(resolved.filter.end), v.last);
    const count = first <= last ? rule.count(first, last) : 0;
    periods = Math.max(periods, count);
    sum += count;
  }
  return { cells: sum * resolved.locations.size, periods };
}
/**
 * Why a query may not run, or undefined when it may: more cells (estimateCells) than `maxCells`.
 * Counting and reading are synchronous work on SQLite, so one huge query holds every other request.
 */
export function tooLarge(
  resolved: ResolvedQuery,
  maxCells: number,
): { key: MessageKey; values: Record<string, number> } | undefined {
  const { cells, periods } = estimateCells(resolved);
  if (cells <= maxCells) return undefined;
  return {
    key: 'timeseries.tooLarge',
    values: { cells, variables: resolved.variables.size, locations: resolved.locations.size, periods, max: maxCells },
  };
}

export const countMatches = (db: Kysely<Database>, resolved: ResolvedQuery) => countObservations(db, resolved.filter);

/** One page of matching observations, by time, with names and units. */
export const pageOfObservations = (db: Kysely<Database>, resolved: ResolvedQuery, limit: number, offset = 0) =>
  selectObservations(db, resolved.filter, limit, offset);

/** Page `page` (from 1) of `pageSize` matching observations with the number of all of them; no query matches nothing. */
export async function observationsPage(
  db: Kysely<Database>,
  resolved: ResolvedQuery | undefined,
  page: number,
  pageSize: number,
) {
  const total = resolved ? await countMatches(db, resolved) : 0;
  const offset = (page - 1) * pageSize;
  const data = resolved && offset < total ? await pageOfObservations(db, resolved, pageSize, offset) : [];
  return { data, page, pageSize, total };
}

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
  const variables = new Map(
    [...resolved.variables].map(([id, v]) => [
      id,
      { name: csvField(v.name), unit: csvField(v.unit), dataset: csvField(v.datasetId) },
    ]),
  );
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
