import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { MessageKey } from '@portal/contract/messages';
import { endProblem } from '@portal/contract/timeseries';
import type { Database } from '@portal/db/database';
import { isSqlite } from '@portal/db/dialect';
import { coverage, PERIODS } from '@portal/db/periods';
import { datasetLocations, datasetVariables } from '@portal/db/queries/datasets.queries';
import {
  anyObservation,
  countObservations,
  findLocations,
  firstObservations,
  findVariables,
  iterateObservations,
  latestDates,
  type NamedQuery,
  type ObservationFilter,
  selectObservations,
} from '@portal/db/queries/timeseries.queries';
import type { Period } from '@portal/db/tables/timeseries.table';
import type { ReadGate } from './read-gate.ts';

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

/** The names of a query that no variable (of its source or dataset) or no place answers to. */
export interface UnknownNames {
  variables: string[];
  locations: string[];
}

const missingFrom = (asked: string[], found: { name: string }[]) => {
  const names = new Set(found.map((f) => f.name));
  return [...new Set(asked)].filter((name) => !names.has(name));
};

/**
 * Looks the query's names up: the query (undefined when no named variable or no named location
 * exists) and the names nothing answers to.
 */
export async function resolveNames(
  db: Kysely<Database>,
  input: NamedQuery,
): Promise<{ resolved: ResolvedQuery | undefined; unknown: UnknownNames }> {
  const [variables, locations] = await Promise.all([
    findVariables(db, [...new Set(input.variables)], input.source),
    findLocations(db, [...new Set(input.locations)]),
  ]);
  const unknown = {
    variables: missingFrom(input.variables, variables),
    locations: missingFrom(input.locations, locations),
  };
  if (!variables.length || !locations.length) return { resolved: undefined, unknown };
  return { resolved: resolved(variables, locations, input.start, input.end), unknown };
}

/** Looks the query's names up; undefined when no named variable or no named location exists. */
export const resolveQuery = async (db: Kysely<Database>, input: NamedQuery) => (await resolveNames(db, input)).resolved;

/**
 * Why a query may not end where it does, or null when it may: the rule the page checks too
 * (endProblem), read from the last dates stored for the query's source.
 */
export async function endRefusal(db: Kysely<Database>, query: { end: string; source?: string; variables: string[] }) {
  const latest = await latestDates(db, query);
  return endProblem(
    query.end,
    latest.map((row) => coverage(row.period, null, row.last_ts).last),
  );
}

/**
 * All of one dataset as a query: its variables at every place and date it has values for, over
 * the dates they span. Undefined when it holds no value.
 */
export async function resolveDataset(db: Kysely<Database>, datasetId: string): Promise<ResolvedQuery | undefined> {
  return (await resolveDatasetQuery(db, datasetId, {})).resolved;
}

/** Filters of a dataset's observations; each narrows the dataset when given. */
export interface DatasetFilters {
  variable?: string[];
  location?: string[];
  start?: string;
  end?: string;
}

/**
 * A dataset narrowed by filters as a query: the named variables among its own, the named places
 * (those it has no value for match nothing), between the dates given or those its data span. The
 * query is undefined when nothing can match; the names nothing answers to are listed apart.
 */
export async function resolveDatasetQuery(
  db: Kysely<Database>,
  datasetId: string,
  filters: DatasetFilters,
): Promise<{ resolved: ResolvedQuery | undefined; unknown: UnknownNames }> {
  const [all, locations] = await Promise.all([
    datasetVariables(db, datasetId),
    filters.location ? findLocations(db, [...new Set(filters.location)]) : datasetLocations(db, datasetId),
  ]);
  const variables = filters.variable ? all.filter((v) => filters.variable!.includes(v.name)) : all;
  const unknown = {
    variables: filters.variable ? missingFrom(filters.variable, variables) : [],
    locations: filters.location ? missingFrom(filters.location, locations) : [],
  };
  const dated = variables.filter((v) => v.first_ts !== null && v.last_ts !== null);
  if (!dated.length || !locations.length) return { resolved: undefined, unknown };
  const start =
    filters.start ?? dated.reduce((first, v) => (v.first_ts! < first ? v.first_ts! : first), dated[0].first_ts!);
  const end = filters.end ?? dated.reduce((last, v) => (v.last_ts! > last ? v.last_ts! : last), dated[0].last_ts!);
  return { resolved: start <= end ? resolved(dated, locations, start, end) : undefined, unknown };
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
    const count = periodsWithin(v, resolved.filter);
    periods = Math.max(periods, count);
    sum += count;
  }
  return { cells: sum * resolved.locations.size, periods };
}

/** The periods a variable has stored dates for within the query's range. */
function periodsWithin(v: ResolvedVariable, range: { start: string; end: string }): number {
  if (v.first === null || v.last === null) return 0;
  const rule = PERIODS[v.period];
  const first = later(rule.from(range.start), v.first);
  const last = earlier(rule.to(range.end), v.last);
  return first <= last ? rule.count(first, last) : 0;
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

/**
 * Cells one slice of a preview reads on SQLite: a few tens of milliseconds of counting and sorting,
 * after which the thread goes to whoever waits (ADR 0033).
 */
export const SLICE_CELLS = 20_000;

/**
 * The query cut into parts of about `maxCells` cells (estimateCells) that together match what it
 * matches, each (variable, location) pair in one part: whole variables together, or a variable too
 * large alone split by location.
 */
export function slicesOf(resolved: ResolvedQuery, maxCells = SLICE_CELLS): ObservationFilter[] {
  const { locationIds, start, end } = resolved.filter;
  const slices: ObservationFilter[] = [];
  let group: ObservationFilter['variables'] = [];
  let groupCells = 0;
  const close = () => {
    if (group.length) slices.push({ variables: group, locationIds, start, end });
    group = [];
    groupCells = 0;
  };
  for (const v of resolved.filter.variables) {
    const periods = periodsWithin(resolved.variables.get(v.id)!, resolved.filter);
    const cells = periods * locationIds.length;
    if (cells > maxCells) {
      const perSlice = Math.max(1, Math.floor(maxCells / periods));
      for (let i = 0; i < locationIds.length; i += perSlice)
        slices.push({ variables: [v], locationIds: locationIds.slice(i, i + perSlice), start, end });
      continue;
    }
    if (groupCells + cells > maxCells) close();
    group.push(v);
    groupCells += cells;
  }
  close();
  return slices;
}

type FirstRow = Awaited<ReturnType<typeof firstObservations>>[number];

// SQLite compares text byte by byte (UTF-8), which orders as JavaScript's `<` (UTF-16) does outside
// the characters past U+FFFF, which no date or name here holds.
const readingOrder = (a: FirstRow, b: FirstRow) =>
  a.ts < b.ts
    ? -1
    : a.ts > b.ts
      ? 1
      : a.variable < b.variable
        ? -1
        : a.variable > b.variable
          ? 1
          : a.location < b.location
            ? -1
            : a.location > b.location
              ? 1
              : 0;

/**
 * The number of matches and the first `limit` in reading order. On SQLite, which reads on this
 * thread, slice by slice through the gate, each on a turn of the event loop of its own; PostgreSQL
 * reads in its own processes, so one count and one page leave this thread free (ADR 0033).
 */
export async function previewOf(
  db: Kysely<Database>,
  resolved: ResolvedQuery,
  limit: number,
  gate: ReadGate,
): Promise<{ total: number; rows: Awaited<ReturnType<typeof selectObservations>> }> {
  if (!isSqlite(db))
    return gate(async () => {
      const total = await countMatches(db, resolved);
      return { total, rows: total ? await pageOfObservations(db, resolved, limit) : [] };
    });
  let total = 0;
  let rows: FirstRow[] = [];
  for (const slice of slicesOf(resolved)) {
    const part = await gate(async () => ({
      count: await countObservations(db, slice),
      rows: await firstObservations(db, slice, limit),
    }));
    total += part.count;
    rows = [...rows, ...part.rows].sort(readingOrder).slice(0, limit);
  }
  return { total, rows: rows.map(({ ts: _ts, ...row }) => row) };
}

export const countMatches = (db: Kysely<Database>, resolved: ResolvedQuery) => countObservations(db, resolved.filter);

/** Whether anything matches, found without counting. */
export const anyMatch = (db: Kysely<Database>, resolved: ResolvedQuery) => anyObservation(db, resolved.filter);

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

/** Rows of CSV one read of the database writes: a few milliseconds of work, so other requests get their turn between. */
export const CSV_BATCH_ROWS = 2000;

/**
 * CSV text of every matching observation, header first, one chunk per batch of rows. Each batch is
 * read through the gate, on a turn of the event loop of its own, so a long file shares the server
 * with every other request instead of holding it (ADR 0033). Names, units and datasets are escaped
 * once per query, and each row becomes its line directly: a million rows then leave little garbage
 * behind (timestamps are dates and values numbers, never escaped).
 */
export async function* observationsCsv(
  db: Kysely<Database>,
  resolved: ResolvedQuery,
  gate: ReadGate,
): AsyncGenerator<string> {
  yield CSV_HEADER;
  const variables = new Map(
    [...resolved.variables].map(([id, v]) => [
      id,
      { name: csvField(v.name), unit: csvField(v.unit), dataset: csvField(v.datasetId) },
    ]),
  );
  const locations = new Map([...resolved.locations].map(([id, name]) => [id, csvField(name)]));
  const batches = iterateObservations(db, resolved.filter, CSV_BATCH_ROWS);
  try {
    for (let batch = await gate(() => batches.next()); !batch.done; batch = await gate(() => batches.next())) {
      let chunk = '';
      for (const row of batch.value) {
        const v = variables.get(row.variable_id)!;
        // In the order of CSV_COLUMNS.
        chunk += `${row.timestamp},${v.name},${row.value},${v.unit},${locations.get(row.location_id)},${v.dataset}\n`;
      }
      yield chunk;
    }
  } finally {
    // A client that went away stops the reads.
    await batches.return(undefined);
  }
}

/**
 * The CSV of a query (a header alone when it matched no name) as a byte stream: the next batch is
 * read only once the client has taken the last, so a slow client holds no more than a batch.
 */
export const csvStream = (db: Kysely<Database>, resolved: ResolvedQuery | undefined, gate: ReadGate): Readable =>
  Readable.from(resolved ? observationsCsv(db, resolved, gate) : [CSV_HEADER], { objectMode: false });
